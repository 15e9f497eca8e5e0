import type { Unit } from "@/features/account";

/** WeightEntry is one row of the weight log, in the user's unit. */
export interface WeightEntry {
  id: string;
  dateWeighed: string;
  weight: number;
  unit: Unit;
  /** This entry minus the one before it; null for the first entry. */
  difference: number | null;
}

/** WeightPage is one page of the weight log. */
export interface WeightPage {
  "hydra:member": WeightEntry[];
  "hydra:totalItems": number;
}

/** WeightDetail is a single weight entry as GET /api/weights/{id} returns it. */
export interface WeightDetail {
  id: string;
  dateWeighed: string;
  dateWeighedShortDate: string;
  weight: number;
  unit: Unit;
}

/** The weight log shows this many entries per page. */
export const weightPageSize = 9;
