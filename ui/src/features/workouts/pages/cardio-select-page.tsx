import { CardioSuggestions } from "../components/cardio-suggestions";
import { ExerciseNameForm, useExerciseName } from "../components/exercise-name-form";
import { useWorkoutId } from "../model/use-workout-id";

/** CardioSelectPage picks a cardio exercise for the workout. */
export function CardioSelectPage() {
  const id = useWorkoutId();
  const exerciseName = useExerciseName((exercise) => `/workouts/${id}/cardio/add/${encodeURIComponent(exercise)}`, "cardio");
  return (
    <ExerciseNameForm title="Select Cardio" backTo={`/workouts/exercises/new/${id}`} exerciseName={exerciseName}>
      <CardioSuggestions name={exerciseName.name} onPick={exerciseName.pick} />
    </ExerciseNameForm>
  );
}
