import type { Unit } from "@/features/account";
import type { CardioUnit, Category } from "@/features/workouts";

/** Plan is a plan as the list, the grid and the overview read it. */
export interface Plan {
  id: string;
  name: string;
  notes: string;
  userId: string;
  createdBy: string;
  createdByDisplayName: string | null;
  /** Display names of the clients the plan was created for. */
  createdFor: string[];
  price: number | null;
  tagline: string | null;
  level: string | null;
  exercises: string[];
  muscleGroupIds: number[];
  muscleGroups: string[];
  sharedPlans: { clientId: string }[];
  /** True when the reader only sees a priced plan's preview (not the owner, not given or bought). */
  preview?: boolean;
  /** Whether the plan is in the catalogue (its owner's view). */
  published?: boolean;
  /** How many times a week the plan is meant to be done (0: no target), for its clients' compliance. */
  timesAWeek?: number;
  /**
   * How the reader had the plan this one copies when its trainer deleted it or closed their
   * account: the copy is theirs to keep, and nobody changes it. Absent for other plans.
   */
  kept?: "bought" | "shared";
}

/** PlanPage is one page (9) of the plan list. */
export interface PlanPage {
  "hydra:member": Plan[];
  "hydra:totalItems": number;
}

/** The plan list shows this many plans per page. */
export const planPageSize = 9;

/** UnusedMuscleGroup is a muscle group the plan misses, with the exercises that would cover it. */
export interface UnusedMuscleGroup {
  id: number;
  name: string;
  category: string;
  exercises: string[];
}

/** Target is one target row as the server answers it. */
export interface Target {
  weight?: number | null;
  reps?: number | null;
  distance?: number | null;
  unit?: CardioUnit | null;
  minutes?: number | null;
  seconds?: number | null;
}

/** PlanExercise is one exercise of a plan with its targets. */
export interface PlanExercise {
  id: string;
  plan: string;
  userId: string;
  name: string;
  category: Category | "cardio";
  cardio: boolean;
  bodyweight: boolean;
  notes: string;
  muscleGroupIds: number[];
  muscleGroups: string[];
  /** The exercise's muscle groups are locked (a built-in exercise). */
  disabled: boolean;
  /** The weights' unit (the reader's); empty for bodyweight and cardio. */
  weightUnit: Unit | "";
  targets: Target[];
  setCount: number;
}

/** ClientWithoutPlan is a client a plan can still be shared with. */
export interface ClientWithoutPlan {
  id: string;
  clientId: string;
  clientDisplayName: string;
}
