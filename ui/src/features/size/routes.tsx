import type { FeatureRoutes } from "@/app/feature-routes";

/** sizeRoutes are the size-log screens, one log per body part. */
export const sizeRoutes: FeatureRoutes = {
  verified: [
    {
      path: "size/list/:category",
      lazy: () => import("./pages/size-list-page").then((m) => ({ Component: m.SizeListPage })),
    },
    {
      path: "size/add/:category",
      lazy: () => import("./pages/size-add-page").then((m) => ({ Component: m.SizeAddPage })),
    },
    {
      path: "size/delete/:id",
      lazy: () => import("./pages/size-delete-page").then((m) => ({ Component: m.SizeDeletePage })),
    },
  ],
};
