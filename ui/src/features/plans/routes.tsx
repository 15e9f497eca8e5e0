import type { ComponentType } from "react";
import type { FeatureRoutes } from "@/app/feature-routes";

// Each page loads on demand, so the plans screens add nothing to the app's first download.
const page = <T,>(load: () => Promise<T>, pick: (m: T) => ComponentType) => () =>
  load().then((m) => ({ Component: pick(m) }));

/** planRoutes are the Plans area (spec 2 section 2, "Plans area, under /plan"). */
export const planRoutes: FeatureRoutes = {
  verified: [
    { path: "plan", lazy: page(() => import("./pages/plan-list-page"), (m) => m.PlanListPage) },
    { path: "plan/grid", lazy: page(() => import("./pages/plan-grid-page"), (m) => m.PlanGridPage) },
    { path: "plan/add", lazy: page(() => import("./pages/plan-form-page"), (m) => m.PlanAddPage) },
    { path: "plan/edit/:id", lazy: page(() => import("./pages/plan-form-page"), (m) => m.PlanEditPage) },
    { path: "plan/delete/:id", lazy: page(() => import("./pages/plan-delete-page"), (m) => m.PlanDeletePage) },
    { path: "plan/share/:id", lazy: page(() => import("./pages/plan-share-page"), (m) => m.PlanSharePage) },
    { path: "plan/:id/view", lazy: page(() => import("./pages/plan-view-page"), (m) => m.PlanViewPage) },
    { path: "plan/:id/exercises/new", lazy: page(() => import("./pages/exercise-type-page"), (m) => m.ExerciseTypePage) },
    { path: "plan/:id/exercises/select", lazy: page(() => import("./pages/exercise-select-page"), (m) => m.ExerciseSelectPage) },
    { path: "plan/:id/exercises/add/:name", lazy: page(() => import("./pages/strength-form-page"), (m) => m.StrengthAddPage) },
    { path: "plan/:id/exercises/edit/:exercise", lazy: page(() => import("./pages/strength-form-page"), (m) => m.StrengthEditPage) },
    { path: "plan/:id/exercises/delete/:exercise", lazy: page(() => import("./pages/exercise-delete-page"), (m) => m.ExerciseDeletePage) },
    { path: "plan/:id/cardio/select", lazy: page(() => import("./pages/cardio-select-page"), (m) => m.CardioSelectPage) },
    { path: "plan/:id/cardio/add/:name", lazy: page(() => import("./pages/cardio-form-page"), (m) => m.CardioAddPage) },
    { path: "plan/:id/cardio/edit/:exercise", lazy: page(() => import("./pages/cardio-form-page"), (m) => m.CardioEditPage) },
  ],
};
