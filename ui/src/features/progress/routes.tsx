import type { FeatureRoutes } from "@/app/feature-routes";

/** progressRoutes are the progress panes and charts. */
export const progressRoutes: FeatureRoutes = {
  verified: [
    {
      path: "progress",
      lazy: () => import("./pages/progress-page").then((m) => ({ Component: m.ProgressPage })),
    },
    {
      path: "progress/charts",
      lazy: () => import("./pages/progress-charts-page").then((m) => ({ Component: m.ProgressChartsPage })),
    },
  ],
};
