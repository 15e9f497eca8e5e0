import type { FeatureRoutes } from "@/app/feature-routes";

/** workoutRoutes are the workout-logging screens. */
export const workoutRoutes: FeatureRoutes = {
  verified: [
    {
      path: "start-workout",
      lazy: () => import("./pages/start-workout-page").then((m) => ({ Component: m.StartWorkoutPage })),
    },
  ],
};
