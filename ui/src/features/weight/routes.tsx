import type { FeatureRoutes } from "@/app/feature-routes";

/** weightRoutes are the weight-log screens. */
export const weightRoutes: FeatureRoutes = {
  verified: [
    {
      path: "weight/list",
      lazy: () => import("./pages/weight-list-page").then((m) => ({ Component: m.WeightListPage })),
    },
    {
      path: "weight/add",
      lazy: () => import("./pages/weight-add-page").then((m) => ({ Component: m.WeightAddPage })),
    },
    {
      path: "weight/delete/:id",
      lazy: () => import("./pages/weight-delete-page").then((m) => ({ Component: m.WeightDeletePage })),
    },
  ],
};
