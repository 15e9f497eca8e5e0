import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { AppLink } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { formatDate } from "@/lib/format";
import { useDeleteWorkout } from "../api/delete-workout";
import { useWorkout } from "../api/get-workout";

/** WorkoutDeletePage confirms deleting a workout; success goes to /workouts. */
export function WorkoutDeletePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const workout = useWorkout(id);
  const remove = useDeleteWorkout();

  if (workout.isPending) return <PageSpinner />;
  if (workout.isError) return <ErrorAlert message={describeError(workout.error).message} />;
  return (
    <FormCard title="Delete Workout">
      <Stack gap="4">
        {remove.isError && <ErrorAlert message={describeError(remove.error).message} />}
        <Text fontWeight="medium">Confirm delete this workout</Text>
        <Text>
          {workout.data.name || "Workout"} on {formatDate(workout.data.date)}
        </Text>
        <HStack gap="4" wrap="wrap">
          <AppLink to="/workouts">Workouts</AppLink>
          <AppLink to={`/workouts/view/${id}`}>Workout Overview</AppLink>
        </HStack>
        <Button
          colorPalette="red"
          size="lg"
          loading={remove.isPending}
          onClick={() => remove.mutate(id, { onSuccess: () => void navigate("/workouts") })}
        >
          Confirm Delete
        </Button>
      </Stack>
    </FormCard>
  );
}
