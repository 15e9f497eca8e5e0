/**
 * RelationshipStatus is where a trainer-client relationship stands (spec 2 section 4). Invited is
 * a request to an address nobody has signed up with yet; it is shown as Requested.
 */
export type RelationshipStatus = "Invited" | "Requested" | "Confirmed" | "Rejected";

/** ClientRelationship is one row of a trainer's client list. */
export interface ClientRelationship {
  id: string;
  /** The client's account; empty while the request waits for the address to sign up. */
  clientId: string;
  /** The client's display name (first name and surname without one), or the address asked. */
  clientDisplayName: string;
  status: RelationshipStatus;
  /** The client's latest workout day (YYYY-MM-DD), null without one. */
  recentClientActivity: string | null;
  /** A confirmed client's 30-day compliance with the trainer's plans that have a weekly target. */
  compliance?: { done: number; expected: number; rate: number; needsAttention: boolean };
}

/** PlanCompliance is a client's compliance with one plan that has a weekly target. */
export interface PlanCompliance {
  planId: string;
  planName: string;
  timesAWeek: number;
  periods: { days: number; done: number; expected: number; rate: number }[];
  needsAttention: boolean;
}

/** TrainerRelationship is one row of a client's trainer list. */
export interface TrainerRelationship {
  id: string;
  trainerDisplayName: string;
  status: RelationshipStatus;
}

/** Paged is one page of a hydra collection. */
export interface Paged<T> {
  "hydra:member": T[];
  "hydra:totalItems": number;
}

/** The client and trainer lists show this many rows per page (spec 2 section 9). */
export const relationshipPageSize = 9;
