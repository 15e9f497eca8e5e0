import { Separator } from "@chakra-ui/react";
import { useExercises } from "../api/get-exercises";
import { ExerciseNameForm, useExerciseName } from "../components/exercise-name-form";
import { SuggestionBadges } from "../components/suggestion-badges";
import { filterNames } from "../model/filter-names";
import { useWorkoutId } from "../model/use-workout-id";

/**
 * CardioSelectPage picks a cardio exercise: the name box filters the suggestions (case-insensitive
 * substring), built-ins first, then the user's own after a divider.
 */
export function CardioSelectPage() {
  const id = useWorkoutId();
  const exercises = useExercises();
  const exerciseName = useExerciseName((exercise) => `/workouts/${id}/cardio/add/${encodeURIComponent(exercise)}`);
  const { name, pick } = exerciseName;
  const cardio = (exercises.data ?? []).filter((e) => e.cardio);
  const builtIns = filterNames(cardio.filter((e) => !e.custom).map((e) => e.name), name);
  const custom = filterNames(cardio.filter((e) => e.custom).map((e) => e.name), name);

  return (
    <ExerciseNameForm title="Select Cardio" workoutId={id} exerciseName={exerciseName}>
      <SuggestionBadges names={builtIns} onPick={pick} />
      {custom.length > 0 && (
        <>
          <Separator />
          <SuggestionBadges names={custom} onPick={pick} />
        </>
      )}
    </ExerciseNameForm>
  );
}
