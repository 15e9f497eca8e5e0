import { Alert, Button, HStack, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { useMuscleGroups } from "../api/get-exercises";
import { useEditMuscleGroups, useExercise, useSuggestedMuscleGroups } from "../api/exercise-muscle-groups";
import type { ExerciseDetail, MuscleGroup } from "../api/types";
import { MuscleGroupChoice, toggled } from "../components/muscle-group-choice";

/**
 * MuscleGroupsPage sets a custom exercise's muscle groups, with a TIP of what other users chose;
 * a built-in (locked) exercise shows its groups as read-only badges.
 */
export function MuscleGroupsPage() {
  const { id = "", name = "" } = useParams();
  const exercise = useExercise(name);
  const groups = useMuscleGroups();
  if (exercise.isPending || groups.isPending) return <PageSpinner />;
  if (exercise.isError) return <ErrorAlert message={describeError(exercise.error).message} />;
  if (groups.isError) return <ErrorAlert message={describeError(groups.error).message} />;
  return <MuscleGroupsForm workoutId={id} exercise={exercise.data} groups={groups.data} />;
}

interface MuscleGroupsFormProps {
  workoutId: string;
  exercise: ExerciseDetail;
  groups: MuscleGroup[];
}

function MuscleGroupsForm({ workoutId, exercise, groups }: MuscleGroupsFormProps) {
  const navigate = useNavigate();
  const suggested = useSuggestedMuscleGroups(exercise.name);
  const edit = useEditMuscleGroups();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(exercise.muscleGroupIds));
  const viewTo = `/workouts/view/${workoutId}`;
  const tips = suggested.data?.muscleGroups ?? [];

  return (
    <FormCard title={`${exercise.name} Muscle Groups`}>
      <Stack gap="5">
        {edit.isError && <ErrorAlert message={describeError(edit.error).message} />}
        {tips.length > 0 && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>TIP</Alert.Title>
              <Alert.Description>Other users chose: {tips.join(", ")}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <MuscleGroupChoice
          groups={groups}
          chosen={chosen}
          locked={exercise.disabled}
          onToggle={(groupId, checked) => setChosen((current) => toggled(current, groupId, checked))}
          sided
        />
        <HStack gap="2">
          <LinkButton to={viewTo} variant="outline" size="lg" flex="1">
            Cancel
          </LinkButton>
          {!exercise.disabled && (
            <Button
              colorPalette="brand"
              size="lg"
              flex="1"
              loading={edit.isPending}
              onClick={() =>
                edit.mutate({ exercise: exercise.name, muscleGroups: [...chosen] }, { onSuccess: () => void navigate(viewTo) })
              }
            >
              Confirm
            </Button>
          )}
        </HStack>
      </Stack>
    </FormCard>
  );
}
