import { WorkoutFormPage } from "./workout-form-page";

/** WorkoutAddPage is /workouts/add: a past workout. */
export function WorkoutAddPage() {
  return <WorkoutFormPage mode="add" />;
}

/** WorkoutEditPage is /workouts/edit/{id}. */
export function WorkoutEditPage() {
  return <WorkoutFormPage mode="edit" />;
}

/** WorkoutFinishPage is /workouts/finish/{id}. */
export function WorkoutFinishPage() {
  return <WorkoutFormPage mode="finish" />;
}
