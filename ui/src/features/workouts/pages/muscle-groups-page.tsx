import { Alert, Badge, Button, Checkbox, HStack, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
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

// The spec places these muscle groups' checkboxes on the right of their label.
const checkboxOnRight = new Set([6, 8, 7, 4, 12, 3, 2, 13]);

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

  const toggle = (groupId: number, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(groupId);
      else next.delete(groupId);
      return next;
    });

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
        {exercise.disabled ? (
          <Wrap gap="2" aria-label="Muscle groups">
            {groups
              .filter((group) => exercise.muscleGroupIds.includes(group.id))
              .map((group) => (
                <Badge key={group.id} colorPalette="brand" size="lg">
                  {group.name}
                </Badge>
              ))}
          </Wrap>
        ) : (
          <SimpleGrid columns={2} gap="3">
            {(["Upper body", "Lower body"] as const).map((category) => (
              <Stack key={category} gap="2" as="fieldset">
                <Text as="legend" fontWeight="semibold" mb="2">
                  {category}
                </Text>
                {groups
                  .filter((group) => group.category === category)
                  .map((group) => {
                    const right = checkboxOnRight.has(group.id);
                    return (
                      <Checkbox.Root
                        key={group.id}
                        size="lg"
                        minH="10"
                        data-checkbox-side={right ? "right" : "left"}
                        checked={chosen.has(group.id)}
                        onCheckedChange={(details) => toggle(group.id, details.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        {right ? (
                          <>
                            <Checkbox.Label>{group.name}</Checkbox.Label>
                            <Checkbox.Control />
                          </>
                        ) : (
                          <>
                            <Checkbox.Control />
                            <Checkbox.Label>{group.name}</Checkbox.Label>
                          </>
                        )}
                      </Checkbox.Root>
                    );
                  })}
              </Stack>
            ))}
          </SimpleGrid>
        )}
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
