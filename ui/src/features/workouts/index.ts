// The workouts feature's public surface: what the app shell and the plans feature may use.
export { InProgressBanner } from "./components/in-progress-banner";
// Exercise choice, shared with a plan's exercises (spec 2: the same categories and suggestions).
export { exerciseQueryOptions, useExercise } from "./api/exercise-muscle-groups";
export { useExercises, useMuscleGroups } from "./api/get-exercises";
export type { CardioUnit, Category, Collection, ExerciseDetail, MuscleGroup } from "./api/types";
export { CardioSuggestions } from "./components/cardio-suggestions";
export { ExerciseNameForm, useExerciseName } from "./components/exercise-name-form";
export { ExerciseTypeChoices } from "./components/exercise-type-choices";
export { MuscleGroupChoice, toggled } from "./components/muscle-group-choice";
export { StartFromPlanButton } from "./components/start-from-plan-button";
export { StrengthSuggestions } from "./components/strength-suggestions";
export { categoryFrom } from "./model/category";
export { distanceUnitFor, formatCardioTime, parseDecimal, parseInteger } from "./model/format";
// A client's latest workouts on the trainer's client page.
export { useWorkouts } from "./api/get-workouts";
export { WorkoutTable } from "./components/workout-table";
