import { useSearchParams } from "react-router";
import { categoryFrom, ExerciseNameForm, StrengthSuggestions, useExerciseName } from "@/features/workouts";
import { usePlanId } from "../model/use-plan-id";

/**
 * ExerciseSelectPage is /plan/:id/exercises/select?category=: a name box and the category's
 * suggestions (free weights for any other value), as a workout's Select Exercise has them.
 */
export function ExerciseSelectPage() {
  const id = usePlanId();
  const [searchParams] = useSearchParams();
  const category = categoryFrom(searchParams.get("category"));
  const exerciseName = useExerciseName((exercise) => `/plan/${id}/exercises/add/${encodeURIComponent(exercise)}?category=${category}`);
  return (
    <ExerciseNameForm title="Select Exercise" backTo={`/plan/${id}/exercises/new`} exerciseName={exerciseName}>
      <StrengthSuggestions category={category} name={exerciseName.name} onPick={exerciseName.pick} />
    </ExerciseNameForm>
  );
}
