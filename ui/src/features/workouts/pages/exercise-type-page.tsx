import { Stack } from "@chakra-ui/react";
import { FormCard } from "@/components/ui/form-card";
import { AppLink } from "@/components/ui/link";
import { ExerciseTypeChoices } from "../components/exercise-type-choices";
import { useWorkoutId } from "../model/use-workout-id";

/** ExerciseTypePage is Select Exercise Type: free weights, machine weights, bodyweight or cardio. */
export function ExerciseTypePage() {
  const id = useWorkoutId();
  return (
    <FormCard title="Select Exercise Type">
      <Stack gap="4">
        <ExerciseTypeChoices
          selectTo={(category) => `/workouts/exercises/select/${id}?category=${category}`}
          cardioTo={`/workouts/cardio/select/${id}`}
        />
        <AppLink to={`/workouts/view/${id}`}>Workout Overview</AppLink>
      </Stack>
    </FormCard>
  );
}
