import type { RouteObject } from "react-router";

/**
 * FeatureRoutes is what each feature adds to the router: routes open to anyone, routes for any
 * signed-in user, and routes that need a verified e-mail address.
 */
export interface FeatureRoutes {
  public?: RouteObject[];
  user?: RouteObject[];
  verified?: RouteObject[];
}
