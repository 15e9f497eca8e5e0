import type { FeatureRoutes } from "@/app/feature-routes";

/** profileRoutes are the profile summary, the "Your Details" form and closing the account. */
export const profileRoutes: FeatureRoutes = {
  user: [
    {
      path: "profile/user/close-account",
      lazy: () => import("./pages/close-account-page").then((m) => ({ Component: m.CloseAccountPage })),
    },
  ],
  verified: [
    {
      path: "profile/view",
      lazy: () => import("./pages/profile-view-page").then((m) => ({ Component: m.ProfileViewPage })),
    },
    {
      path: "profile/user/edit",
      lazy: () => import("./pages/profile-edit-page").then((m) => ({ Component: m.ProfileEditPage })),
    },
  ],
};
