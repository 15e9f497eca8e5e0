import type { ComponentType } from "react";
import type { FeatureRoutes } from "@/app/feature-routes";

// Each page loads on demand, so a phone on gym wifi downloads only the screen it shows.
const page = <T,>(load: () => Promise<T>, pick: (m: T) => ComponentType) => () =>
  load().then((m) => ({ Component: pick(m) }));

/** workoutRoutes are the workout-logging screens (spec 1 section 2, the named routes). */
export const workoutRoutes: FeatureRoutes = {
  verified: [
    { path: "start-workout", lazy: page(() => import("./pages/start-workout-page"), (m) => m.StartWorkoutPage) },
    { path: "workouts", lazy: page(() => import("./pages/workout-list-page"), (m) => m.WorkoutListPage) },
    { path: "workouts/view/:id?", lazy: page(() => import("./pages/workout-view-page"), (m) => m.WorkoutViewPage) },
    { path: "workouts/add", lazy: page(() => import("./pages/workout-form-routes"), (m) => m.WorkoutAddPage) },
    { path: "workouts/edit/:id", lazy: page(() => import("./pages/workout-form-routes"), (m) => m.WorkoutEditPage) },
    { path: "workouts/finish/:id", lazy: page(() => import("./pages/workout-form-routes"), (m) => m.WorkoutFinishPage) },
    { path: "workouts/delete/:id", lazy: page(() => import("./pages/workout-delete-page"), (m) => m.WorkoutDeletePage) },
    { path: "workouts/exercises/new/:id?", lazy: page(() => import("./pages/exercise-type-page"), (m) => m.ExerciseTypePage) },
    { path: "workouts/exercises/select/:id?", lazy: page(() => import("./pages/exercise-select-page"), (m) => m.ExerciseSelectPage) },
    { path: "workouts/cardio/select/:id?", lazy: page(() => import("./pages/cardio-select-page"), (m) => m.CardioSelectPage) },
    { path: "workouts/:id/exercises/add/:name", lazy: page(() => import("./pages/set-routes"), (m) => m.SetAddPage) },
    { path: "workouts/:id/exercises/edit/:exercise/:set", lazy: page(() => import("./pages/set-routes"), (m) => m.SetEditPage) },
    { path: "workouts/:id/exercises/delete/:exercise/:set", lazy: page(() => import("./pages/set-routes"), (m) => m.SetDeleteRoute) },
    { path: "workouts/:id/exercises/muscle-groups/:name", lazy: page(() => import("./pages/muscle-groups-page"), (m) => m.MuscleGroupsPage) },
    { path: "workouts/:id/cardio/add/:name", lazy: page(() => import("./pages/set-routes"), (m) => m.CardioAddPage) },
    { path: "workouts/:id/cardio/edit/:exercise", lazy: page(() => import("./pages/set-routes"), (m) => m.CardioEditPage) },
    { path: "workouts/:id/cardio/delete/:exercise", lazy: page(() => import("./pages/set-routes"), (m) => m.CardioDeleteRoute) },
  ],
};
