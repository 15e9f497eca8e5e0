import type { FeatureRoutes } from "@/app/feature-routes";

/** staticRoutes are the public pages. The catch-all 404 stays in the app router, last. */
export const staticRoutes: FeatureRoutes = {
  public: [
    {
      path: "home",
      lazy: () => import("./pages/home-page").then((m) => ({ Component: m.HomePage })),
    },
    {
      path: "no-access",
      lazy: () => import("./pages/no-access-page").then((m) => ({ Component: m.NoAccessPage })),
    },
    {
      path: "terms",
      lazy: () => import("./pages/terms-page").then((m) => ({ Component: m.TermsPage })),
    },
    {
      path: "privacy",
      lazy: () => import("./pages/privacy-page").then((m) => ({ Component: m.PrivacyPage })),
    },
    {
      path: "contact",
      lazy: () => import("./pages/contact-page").then((m) => ({ Component: m.ContactPage })),
    },
  ],
};
