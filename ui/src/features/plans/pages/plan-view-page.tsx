import { HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { AsItStood, UndoButton } from "@/components/history/as-it-stood";
import { HistoryPanel } from "@/components/history/history-panel";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { StartFromPlanButton } from "@/features/workouts";
import { describeError } from "@/lib/error-messages";
import { usePlan, useUnusedMuscleGroups } from "../api/get-plan";
import { usePlanExercises } from "../api/plan-exercises";
import { planKeys } from "../api/plan-keys";
import type { Plan } from "../api/types";
import { PublishPlanForm } from "../catalogue";
import { PlanExerciseCard } from "../components/plan-exercise-card";
import { PlanHeadingCard } from "../components/plan-heading-card";
import { PlanPreviewCard } from "../components/plan-preview-card";
import { usePlanId } from "../model/use-plan-id";

/**
 * PlanViewPage is the plan overview: the heading card with Start Workout (anyone who has the
 * plan) and the exercise cards with their targets; the owner also has the plan's buttons
 * (Share for a trainer) and each exercise's Edit and Delete. A reader
 * who only gets a priced plan's preview sees the preview card alone.
 */
export function PlanViewPage() {
  const plan = usePlan(usePlanId());
  if (plan.isPending) return <PageSpinner />;
  if (plan.isError) return <ErrorAlert message={describeError(plan.error).message} />;
  if (plan.data.preview) return <PlanPreviewCard plan={plan.data} />;
  return <PlanOverview plan={plan.data} />;
}

/** PlanThen is a plan as it stood, as GET /api/plans/{id}/as-of answers. */
interface PlanThen {
  name: string;
  notes: string;
  exercises: { id: string; exercise: string; targets: unknown[] }[];
}

function PlanOverview({ plan }: { plan: Plan }) {
  const { data: user } = useUser();
  const owner = plan.userId === user?.id;
  const exercises = usePlanExercises(plan.id);
  const unused = useUnusedMuscleGroups(plan.id, owner);

  return (
    <Stack gap="5">
      <PlanHeadingCard
        plan={plan}
        unused={owner ? unused.data : undefined}
        actions={
          <HStack gap="2" wrap="wrap" align="start">
            <StartFromPlanButton planId={plan.id} />
            {owner && user?.trainer && (
              <LinkButton to={`/plan/share/${plan.id}`} variant="outline" size="lg" flex={{ base: "1", sm: "none" }}>
                Share
              </LinkButton>
            )}
            {owner && (
              <>
                <LinkButton to={`/plan/edit/${plan.id}`} variant="outline" size="lg" flex={{ base: "1", sm: "none" }}>
                  Edit Plan
                </LinkButton>
                <LinkButton to={`/plan/delete/${plan.id}`} variant="outline" colorPalette="red" size="lg" flex={{ base: "1", sm: "none" }}>
                  Delete Plan
                </LinkButton>
                <LinkButton to={`/plan/${plan.id}/exercises/new`} colorPalette="brand" size="lg" flex={{ base: "1", sm: "none" }}>
                  + Exercise
                </LinkButton>
              </>
            )}
          </HStack>
        }
      />
      {exercises.isPending ? (
        <PageSpinner />
      ) : exercises.isError ? (
        <ErrorAlert message={describeError(exercises.error).message} />
      ) : exercises.data.length === 0 ? (
        <Text color="fg.muted">Exercises added to this plan will show here.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {exercises.data.map((exercise) => (
            <PlanExerciseCard key={exercise.id} exercise={exercise} owner={owner} />
          ))}
        </SimpleGrid>
      )}
      {owner && user?.trainer && <PublishPlanForm plan={{ ...plan, published: plan.published ?? false }} />}
      {owner && <UndoButton path={`/api/plans/${plan.id}/undo`} refresh={[planKeys.all]} />}
      <AsItStood<PlanThen>
        path={`/api/plans/${plan.id}/as-of`}
        what="plan"
        render={(then) => (
          <Stack gap="1">
            <Text fontWeight="medium">{then.name}</Text>
            {then.notes && <Text color="fg.muted">{then.notes}</Text>}
            {then.exercises.length === 0 ? (
              <Text color="fg.muted">No exercises then.</Text>
            ) : (
              then.exercises.map((x) => (
                <Text key={x.id}>
                  {x.exercise}: {x.targets.length} {x.targets.length === 1 ? "set" : "sets"}
                </Text>
              ))
            )}
          </Stack>
        )}
      />
      <HistoryPanel path={`/api/plans/${plan.id}/history`} />
    </Stack>
  );
}
