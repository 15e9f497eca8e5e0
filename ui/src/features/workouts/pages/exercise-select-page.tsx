import { useSearchParams } from "react-router";
import type { Category } from "../api/types";
import { ExerciseNameForm, useExerciseName } from "../components/exercise-name-form";
import { StrengthSuggestions } from "../components/strength-suggestions";
import { categoryFrom } from "../model/category";
import { useWorkoutId } from "../model/use-workout-id";

/**
 * ExerciseSelectPage is Select Exercise: a name box, then the suggestions of the category (free
 * weights unless the query names another). Typing in the name box narrows every list.
 */
export function ExerciseSelectPage() {
  const id = useWorkoutId();
  const [searchParams] = useSearchParams();
  const category: Category = categoryFrom(searchParams.get("category"));
  const exerciseName = useExerciseName((exercise) => `/workouts/${id}/exercises/add/${encodeURIComponent(exercise)}?category=${category}`);
  return (
    <ExerciseNameForm title="Select Exercise" backTo={`/workouts/exercises/new/${id}`} exerciseName={exerciseName}>
      <StrengthSuggestions category={category} name={exerciseName.name} onPick={exerciseName.pick} />
    </ExerciseNameForm>
  );
}
