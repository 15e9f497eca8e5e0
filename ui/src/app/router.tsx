import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/page-spinner";
import { RootLayout } from "./layout/root-layout";
import { RouteError } from "./layout/route-error";
import { EntryRedirect, RequireUser } from "./route-guards";

// Pages load on demand so the first visit downloads only the shell and one page.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, element: <EntryRedirect /> },
      {
        path: "home",
        lazy: () => import("@/features/static/pages/home-page").then((m) => ({ Component: m.HomePage })),
      },
      {
        path: "signin",
        lazy: () => import("@/features/account/pages/signin-page").then((m) => ({ Component: m.SigninPage })),
      },
      {
        path: "signup",
        lazy: () => import("@/features/account/pages/signup-page").then((m) => ({ Component: m.SignupPage })),
      },
      {
        path: "no-access",
        lazy: () => import("@/features/static/pages/no-access-page").then((m) => ({ Component: m.NoAccessPage })),
      },
      {
        element: <RequireUser />,
        children: [
          {
            path: "verify",
            lazy: () => import("@/features/account/pages/verify-page").then((m) => ({ Component: m.VerifyPage })),
          },
        ],
      },
      {
        element: <RequireUser verified />,
        children: [
          {
            path: "dashboard",
            lazy: () =>
              import("@/features/dashboard/pages/dashboard-page").then((m) => ({ Component: m.DashboardPage })),
          },
          {
            path: "start-workout",
            lazy: () =>
              import("@/features/workouts/pages/start-workout-page").then((m) => ({
                Component: m.StartWorkoutPage,
              })),
          },
          {
            path: "weight/list",
            lazy: () =>
              import("@/features/weight/pages/weight-list-page").then((m) => ({ Component: m.WeightListPage })),
          },
          {
            path: "weight/add",
            lazy: () =>
              import("@/features/weight/pages/weight-add-page").then((m) => ({ Component: m.WeightAddPage })),
          },
          {
            path: "weight/delete/:id",
            lazy: () =>
              import("@/features/weight/pages/weight-delete-page").then((m) => ({ Component: m.WeightDeletePage })),
          },
        ],
      },
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
