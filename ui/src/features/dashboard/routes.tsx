import type { FeatureRoutes } from "@/app/feature-routes";

/** dashboardRoutes is the signed-in home. */
export const dashboardRoutes: FeatureRoutes = {
  verified: [
    {
      path: "dashboard",
      lazy: () => import("./pages/dashboard-page").then((m) => ({ Component: m.DashboardPage })),
    },
  ],
};
