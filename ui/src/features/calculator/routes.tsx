import type { FeatureRoutes } from "@/app/feature-routes";

/** calculatorRoutes is the public calorie calculator. */
export const calculatorRoutes: FeatureRoutes = {
  public: [
    {
      path: "tools/calorie-calculator",
      lazy: () => import("./pages/calorie-calculator-page").then((m) => ({ Component: m.CalorieCalculatorPage })),
    },
  ],
};
