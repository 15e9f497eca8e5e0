import { CardioSuggestions, ExerciseNameForm, useExerciseName } from "@/features/workouts";
import { usePlanId } from "../model/use-plan-id";

/** CardioSelectPage is /plan/:id/cardio/select: a name box and the cardio suggestion badges. */
export function CardioSelectPage() {
  const id = usePlanId();
  const exerciseName = useExerciseName((exercise) => `/plan/${id}/cardio/add/${encodeURIComponent(exercise)}`, "cardio");
  return (
    <ExerciseNameForm title="Select Cardio" backTo={`/plan/${id}/exercises/new`} exerciseName={exerciseName}>
      <CardioSuggestions name={exerciseName.name} onPick={exerciseName.pick} />
    </ExerciseNameForm>
  );
}
