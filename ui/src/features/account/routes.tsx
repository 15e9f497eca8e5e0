import type { FeatureRoutes } from "@/app/feature-routes";

/** accountRoutes are the sign-up, sign-in, verification, password and e-mail screens. */
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
    {
      path: "forgot-password",
      lazy: () => import("./pages/forgot-password-page").then((m) => ({ Component: m.ForgotPasswordPage })),
    },
    {
      path: "verify-password-code",
      lazy: () =>
        import("./pages/verify-password-code-page").then((m) => ({ Component: m.VerifyPasswordCodePage })),
    },
    {
      path: "set-password",
      lazy: () => import("./pages/set-password-page").then((m) => ({ Component: m.SetPasswordPage })),
    },
    // The spec marks /change-email as not needing a signed-in user; the server still asks for one,
    // so a visitor's attempt meets the central 401 handling and goes to /signin.
    {
      path: "change-email",
      lazy: () => import("./pages/change-email-page").then((m) => ({ Component: m.ChangeEmailPage })),
    },
  ],
  user: [
    {
      path: "verify",
      lazy: () => import("./pages/verify-page").then((m) => ({ Component: m.VerifyPage })),
    },
    {
      path: "change-password",
      lazy: () => import("./pages/change-password-page").then((m) => ({ Component: m.ChangePasswordPage })),
    },
  ],
};
