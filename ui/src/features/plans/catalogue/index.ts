// The plan catalogue's public surface: the plans feature mounts these where its screens want them.
export { PlanCatalogue } from "./plan-catalogue";
export { PublishPlanForm } from "./publish-plan-form";
export { catalogueKeys } from "./catalogue-keys";
export { maxPlanPrice, minPlanPrice, planLevels } from "./types";
export type { CatalogueEntry, ListedPlan, Listing, PlanLevel } from "./types";
