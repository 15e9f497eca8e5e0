import { Card, Heading, SegmentGroup, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { useSets } from "../api/get-sets";
import { useWorkout } from "../api/get-workout";
import { useMarkDone } from "../api/mark-done";
import type { LoggedSet } from "../api/types";
import { ExerciseCard } from "../components/exercise-card";
import { OwnerFooter } from "../components/owner-footer";
import { SetsTable } from "../components/sets-table";
import { WorkoutHeading } from "../components/workout-heading";
import { WorkoutPast } from "../components/workout-past";
import { circuitRounds, groupByExercise } from "../model/group-sets";
import { useInProgress } from "../model/in-progress";
import { startRest, useRest } from "../model/rest";

type Layout = "normal" | "circuit";

/**
 * WorkoutViewPage is the workout overview: the heading card, one card per exercise (or one per
 * round in circuit layout) and, for the owner, the footer with Edit, Delete, Finish and
 * + Exercise. Marking a set done shows at once and rolls back with a message if refused.
 */
export function WorkoutViewPage() {
  const params = useParams();
  const inProgress = useInProgress();
  const id = params.id ?? inProgress?.id ?? "";
  const { data: user } = useUser();
  const workout = useWorkout(id);
  const sets = useSets(id);
  const markDone = useMarkDone(id);
  const rest = useRest(id);
  const [layout, setLayout] = useState<Layout>("normal");

  if (id === "") {
    return (
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Workout
        </Heading>
        <Text>No workout in progress.</Text>
        <LinkButton to="/start-workout" colorPalette="brand" size="lg" alignSelf="start">
          Start Workout
        </LinkButton>
      </Stack>
    );
  }
  if (workout.isPending || sets.isPending) return <PageSpinner />;
  if (workout.isError) return <ErrorAlert message={describeError(workout.error).message} />;
  if (sets.isError) return <ErrorAlert message={describeError(sets.error).message} />;

  const owner = user?.id === workout.data.userId;
  const onDone = (set: LoggedSet, rpe: number) => {
    startRest(id, set.exercise);
    markDone.mutate({ id: set.id, rpe });
  };
  const groups = groupByExercise(sets.data);

  return (
    <Stack gap="4">
      <WorkoutHeading workout={workout.data} />
      {markDone.isError && (
        <ErrorAlert message={`The set was not marked done. ${describeError(markDone.error).message}`} />
      )}
      {groups.length > 0 && (
        <SegmentGroup.Root
          value={layout}
          onValueChange={(details) => setLayout(details.value === "circuit" ? "circuit" : "normal")}
          size="lg"
          aria-label="Layout"
          alignSelf="start"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={[{ value: "normal", label: "Normal Layout" }, { value: "circuit", label: "Circuit Layout" }]} />
        </SegmentGroup.Root>
      )}
      {groups.length === 0 && <Text color="fg.muted">No exercises logged yet.</Text>}
      {layout === "normal"
        ? groups.map((group) => (
            <ExerciseCard
              key={group.exercise}
              workoutId={id}
              group={group}
              owner={owner}
              restSince={rest && rest.exercise === group.exercise ? rest.at : null}
              onDone={onDone}
            />
          ))
        : (
          <>
            {circuitRounds(sets.data).map((round, index) => (
              <Card.Root key={index} variant="outline" as="section" aria-label={`Round ${index + 1}`}>
                <Card.Header p={{ base: "3", md: "5" }} pb="0">
                  <Heading as="h2" size="lg">
                    Round {index + 1}
                  </Heading>
                </Card.Header>
                <Card.Body p={{ base: "3", md: "5" }}>
                  {/* As in ExerciseCard: let the exercise names wrap. */}
                  <Table.ScrollArea whiteSpace="normal">
                    <SetsTable workoutId={id} sets={round} circuit owner={owner} caption={`Round ${index + 1} sets`} onDone={onDone} />
                  </Table.ScrollArea>
                </Card.Body>
              </Card.Root>
            ))}
            {groups
              .filter((group) => group.cardio)
              .map((group) => (
                <ExerciseCard key={group.exercise} workoutId={id} group={group} owner={owner} restSince={null} onDone={onDone} />
              ))}
          </>
        )}
      {owner && <OwnerFooter workoutId={id} finished={workout.data.isFinished} />}
      <WorkoutPast workoutId={id} owner={owner} />
    </Stack>
  );
}
