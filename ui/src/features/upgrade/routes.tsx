import type { FeatureRoutes } from "@/app/feature-routes";

/** upgradeRoutes is the Personal Trainer subscription page. */
export const upgradeRoutes: FeatureRoutes = {
  verified: [
    {
      path: "profile/user/upgrade",
      lazy: () => import("./pages/upgrade-page").then((m) => ({ Component: m.UpgradePage })),
    },
  ],
};
