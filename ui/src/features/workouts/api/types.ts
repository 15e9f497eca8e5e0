import type { Unit } from "@/features/account";

/** Workout is one session as the API lists and shows it. */
export interface Workout {
  /** Whose workout it is, by display name (lists; the By column trainers see). */
  userDisplayName?: string;
  id: string;
  name: string | null;
  date: string;
  startTime: string | null;
  finishTime: string | null;
  /** Minutes from start to finish; null while in progress. */
  duration: number | null;
  muscleGroups: string[];
  /** Sum of weight × reps of the done strength sets; null while in progress. */
  volume: number | null;
  isFinished: boolean;
  allDone: boolean;
  userId: string;
  /** The start as date and time, YYYY-MM-DDTHH:MM. */
  start: string;
  unit: Unit;
  exerciseNames: string[];
  setCount: number;
  fromPlanName: string | null;
  /** What the lifter wrote about the workout, "" for none; may hold several lines. Missing on answers cached before workouts had notes: none. */
  notes?: string;
  /** The latest change made on a later day than both the workout's date and the day it was entered. */
  changedAfterTheDay?: { daysAfter: number; at: string };
}

/** WorkoutPage is one page (9) of the workout list. */
export interface WorkoutPage {
  "hydra:member": Workout[];
  "hydra:totalItems": number;
}

/** The workout list shows this many workouts per page. */
export const workoutPageSize = 9;

/** PlanSummary is a plan as the start page lists it. */
export interface PlanSummary {
  id: string;
  name: string;
  exercises: string[];
}

/** PlanPage is one page (9) of the user's plans. */
export interface PlanPage {
  "hydra:member": PlanSummary[];
  "hydra:totalItems": number;
}

/** StartedWorkout is what starting a workout answers: its id and start. */
export interface StartedWorkout {
  id: string;
  start: string;
}

/** Category is the kind of a strength exercise, as the category query spells it. */
export type Category = "free-weights" | "machine-weights" | "bodyweight";

/** CardioUnit is a cardio distance unit; empty means none given. */
export type CardioUnit = "" | "km" | "m" | "mi";

/**
 * SetKind is what a strength set was: "" a normal (working) set, or a warm-up, a drop set or a set
 * to failure, as Strong's W, D and F mark them. Cardio sets are always "". Warm-ups count towards
 * no personal best and no volume; the server decides that.
 */
export type SetKind = "" | "warmup" | "drop" | "failure";

/** LoggedSet is one set of a workout: a strength set or a cardio entry. */
export interface LoggedSet {
  id: string;
  session: string;
  exercise: string;
  /** The set's number within its exercise in this workout, from 1. */
  setNumber: number;
  category: Category | "cardio";
  weight: number | null;
  reps: number | null;
  rpe: number | null;
  /** Missing on answers cached before sets had kinds, when every set was normal. */
  kind?: SetKind;
  /** What the lifter wrote about the set ("seat at 4"), "" for none; may hold several lines. Missing on answers cached before sets had notes: none. */
  note?: string;
  done: boolean;
  pb: boolean;
  isBodyweight: boolean;
  isCardio: boolean;
  planNotes: string | null;
  weightUnit: Unit | null;
  muscleGroupNames: string[];
  disabled: boolean;
  distance: number | null;
  unit: CardioUnit | null;
  minutes: number | null;
  seconds: number | null;
  created: string;
  /**
   * True on the server's answer to a set stored before its read models had it (202): its
   * number and personal best are not known yet.
   */
  provisional?: boolean;
  /** True on a row shown before the server has answered; only the client sets it. */
  pending?: boolean;
  /** True on a row a change queued on this device touches, waiting to sync; only the client sets it. */
  queued?: boolean;
}

/** DoneResult is what marking a set done answers. */
export interface DoneResult {
  id: string;
  pb: boolean;
  rpe: number;
  name: string;
}

/** Collection is a hydra list as the API answers it. */
export interface Collection<T> {
  "hydra:member": T[];
  "hydra:totalItems"?: number;
}

/** MuscleGroup is one muscle group with its category. */
export interface MuscleGroup {
  id: number;
  name: string;
  category: "Upper body" | "Lower body";
}

/** ExerciseDetail is one exercise of the catalogue, built in or the user's own. */
export interface ExerciseDetail {
  name: string;
  category: string;
  categoryKey: Category | "cardio";
  cardio: boolean;
  custom: boolean;
  upper: boolean;
  lower: boolean;
  unknown: boolean;
  disabled: boolean;
  muscleGroupIds: number[];
  muscleGroups: string[];
}

/** MuscleGroupSuggestion is what other users chose for an exercise of the same name (the TIP). */
export interface MuscleGroupSuggestion {
  name: string;
  muscleGroupIds: number[];
  muscleGroups: string[];
}
