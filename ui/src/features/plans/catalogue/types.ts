/** The catalogue's page size (spec 2 section 9). */
export const cataloguePageSize = 9;

/** The levels a published plan is for (docs/DOMAIN.md, "The catalogue, sharing and buying"). */
export const planLevels = ["Beginner", "Intermediate", "Advanced"] as const;

/** PlanLevel is one of planLevels. */
export type PlanLevel = (typeof planLevels)[number];

/** The price bounds of a published plan, in pounds. */
export const minPlanPrice = 0.99;
export const maxPlanPrice = 199.99;

/** CatalogueEntry is one published plan as the catalogue lists it (its preview). */
export interface CatalogueEntry {
  "@id": string;
  id: string;
  planId: string;
  name: string;
  tagline: string;
  level: string;
  /** Pounds, e.g. 9.99. */
  price: number | null;
  createdByDisplayName: string | null;
  exercises: string[];
  /** Whether the reader has the plan already (owner, buyer, client): View instead of Buy. */
  owned: boolean;
  preview: boolean;
}

/** CataloguePage is one page of GET /api/plans/catalogue. */
export interface CataloguePage {
  "hydra:member": CatalogueEntry[];
  "hydra:totalItems": number;
}

/** CheckoutConfig is how to load PayPal's JS SDK for the one-off Buy buttons; null ids when payments are off. */
export interface CheckoutConfig {
  configured: boolean;
  clientId: string | null;
  sdkUrl: string | null;
  currency: string;
}

/** Listing is what a trainer publishes a plan with (PUT /api/plans/{id}/publish). */
export interface Listing {
  price: number | null;
  tagline: string;
  level: string;
}

/** ListedPlan is the part of a plan (GET /api/plans/{id}) the publish form reads. */
export interface ListedPlan {
  id: string;
  name: string;
  published: boolean;
  price: number | null;
  tagline: string | null;
  level: string | null;
}
