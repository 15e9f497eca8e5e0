import type { FeatureRoutes } from "@/app/feature-routes";

/** clientRoutes are the trainer's client screens and the client's trainer screen. */
export const clientRoutes: FeatureRoutes = {
  verified: [
    {
      path: "client",
      lazy: () => import("./pages/client-list-page").then((m) => ({ Component: m.ClientListPage })),
    },
    {
      path: "client/add",
      lazy: () => import("./pages/client-add-page").then((m) => ({ Component: m.ClientAddPage })),
    },
    {
      path: "client/:id",
      lazy: () => import("./pages/client-page").then((m) => ({ Component: m.ClientPage })),
    },
    {
      path: "client/:id/activity",
      lazy: () => import("./pages/client-activity-page").then((m) => ({ Component: m.ClientActivityPage })),
    },
    {
      path: "trainer",
      lazy: () => import("./pages/trainer-list-page").then((m) => ({ Component: m.TrainerListPage })),
    },
  ],
};
