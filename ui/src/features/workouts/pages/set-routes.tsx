import { CardioFormPage } from "./cardio-form-page";
import { SetDeletePage } from "./set-delete-page";
import { SetFormPage } from "./set-form-page";

/** SetAddPage is /workouts/{id}/exercises/add/{name}. */
export function SetAddPage() {
  return <SetFormPage mode="add" />;
}

/** SetEditPage is /workouts/{id}/exercises/edit/{exercise}/{set}. */
export function SetEditPage() {
  return <SetFormPage mode="edit" />;
}

/** SetDeleteRoute is /workouts/{id}/exercises/delete/{exercise}/{set}. */
export function SetDeleteRoute() {
  return <SetDeletePage cardio={false} />;
}

/** CardioAddPage is /workouts/{id}/cardio/add/{name}. */
export function CardioAddPage() {
  return <CardioFormPage mode="add" />;
}

/** CardioEditPage is /workouts/{id}/cardio/edit/{set id}. */
export function CardioEditPage() {
  return <CardioFormPage mode="edit" />;
}

/** CardioDeleteRoute is /workouts/{id}/cardio/delete/{set id}. */
export function CardioDeleteRoute() {
  return <SetDeletePage cardio />;
}
