import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/page-spinner";
import { accountRoutes } from "@/features/account/routes";
import { calculatorRoutes } from "@/features/calculator/routes";
import { clientRoutes } from "@/features/clients/routes";
import { dashboardRoutes } from "@/features/dashboard/routes";
import { planRoutes } from "@/features/plans/routes";
import { profileRoutes } from "@/features/profile/routes";
import { progressRoutes } from "@/features/progress/routes";
import { sizeRoutes } from "@/features/size/routes";
import { staticRoutes } from "@/features/static/routes";
import { upgradeRoutes } from "@/features/upgrade/routes";
import { weightRoutes } from "@/features/weight/routes";
import { workoutRoutes } from "@/features/workouts/routes";
import type { FeatureRoutes } from "./feature-routes";
import { RootLayout } from "./layout/root-layout";
import { RouteError } from "./layout/route-error";
import { EntryRedirect, RequireUser } from "./route-guards";

// Every feature's routes; each feature lists its own in features/<feature>/routes.tsx.
const features: FeatureRoutes[] = [
  staticRoutes,
  accountRoutes,
  dashboardRoutes,
  workoutRoutes,
  weightRoutes,
  calculatorRoutes,
  profileRoutes,
  upgradeRoutes,
  sizeRoutes,
  progressRoutes,
  clientRoutes,
  planRoutes,
];

const collect = (kind: keyof FeatureRoutes): RouteObject[] => features.flatMap((f) => f[kind] ?? []);

// Pages load on demand so the first visit downloads only the shell and one page.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, element: <EntryRedirect /> },
      ...collect("public"),
      { element: <RequireUser />, children: collect("user") },
      { element: <RequireUser verified />, children: collect("verified") },
      {
        path: "*",
        lazy: () => import("@/features/static/pages/not-found-page").then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

/** createAppRouter makes the history-mode router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
