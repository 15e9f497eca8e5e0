import type { FeatureRoutes } from "@/app/feature-routes";

/** accountRoutes are the sign-up, sign-in and verification screens. */
export const accountRoutes: FeatureRoutes = {
  public: [
    {
      path: "signin",
      lazy: () => import("./pages/signin-page").then((m) => ({ Component: m.SigninPage })),
    },
    {
      path: "signup",
      lazy: () => import("./pages/signup-page").then((m) => ({ Component: m.SignupPage })),
    },
  ],
  user: [
    {
      path: "verify",
      lazy: () => import("./pages/verify-page").then((m) => ({ Component: m.VerifyPage })),
    },
  ],
};
