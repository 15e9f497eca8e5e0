import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { useDeleteSet } from "../api/delete-set";
import { useSetOf } from "../api/get-set";
import { RpeBadge } from "../components/rpe-badge";
import { formatCardioTime, formatDistance, formatLift } from "../model/format";
import { withSetKind } from "../model/set-kind";

/**
 * SetDeletePage confirms deleting a set (name, set, weight x reps with its kind when not normal,
 * RPE) or a cardio set (name, distance, minutes, seconds, RPE); success returns to the workout.
 */
export function SetDeletePage({ cardio }: { cardio: boolean }) {
  const params = useParams();
  const workoutId = params.id ?? "";
  const setId = (cardio ? params.exercise : params.set) ?? "";
  const navigate = useNavigate();
  const set = useSetOf(workoutId, setId);
  const remove = useDeleteSet(workoutId);
  const viewTo = `/workouts/view/${workoutId}`;

  if (set.isPending) return <PageSpinner />;
  if (set.error || !set.data) return <ErrorAlert message={describeError(set.error).message} />;
  const entry = set.data;
  return (
    <FormCard title={cardio ? "Delete Cardio" : "Delete Set"}>
      <Stack gap="4">
        {remove.isError && <ErrorAlert message={describeError(remove.error).message} />}
        <Text fontWeight="semibold" fontSize="lg">
          {entry.exercise}
        </Text>
        <Text>Set {entry.setNumber}</Text>
        {cardio ? (
          <Text>
            {formatDistance(entry)} · {entry.minutes ?? 0} minutes {entry.seconds ?? 0} seconds ({formatCardioTime(entry.minutes, entry.seconds)})
          </Text>
        ) : (
          <Text>{withSetKind(formatLift(entry), entry)}</Text>
        )}
        {entry.rpe !== null && (
          <HStack>
            <Text>RPE</Text>
            <RpeBadge rpe={entry.rpe} />
          </HStack>
        )}
        <HStack gap="2">
          <LinkButton to={viewTo} variant="outline" size="lg" flex="1 1 auto">
            Cancel
          </LinkButton>
          <Button
            colorPalette="red"
            size="lg"
            flex="1 1 auto"
            loading={remove.isPending}
            onClick={() => remove.mutate(setId, { onSuccess: () => void navigate(viewTo) })}
          >
            Confirm Delete
          </Button>
        </HStack>
      </Stack>
    </FormCard>
  );
}
