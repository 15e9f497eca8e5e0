import type { Gender } from "@/features/account";

/** ActivityLevel is how active the person is, from the least to the most. */
export type ActivityLevel = "sedentary" | "light" | "moderate" | "active" | "veryActive";

/** Goal is what the person wants their weight to do. */
export type Goal = "lose" | "gain" | "maintain";

/** CalculatorInput is the POST /api/calculator payload. */
export interface CalculatorInput {
  age: number | null;
  height: number | null;
  weight: number | null;
  gender: Gender | null;
  activityLevel: ActivityLevel;
  goal: Goal;
}

/** Macros are grams of protein, carbohydrate and fat. */
export interface Macros {
  protein: number;
  carbs: number;
  fat: number;
}

/** Ingredient is one part of a suggested meal, with what that amount provides. */
export interface Ingredient extends Macros {
  name: string;
  amount: number;
  /** "g", or "ml" for the sauce. */
  unit: string;
  calories: number;
}

/** Meal is one of the three suggested meals for the day. */
export interface Meal {
  meal: "breakfast" | "lunch" | "dinner";
  name: string;
  calories: number;
  macros: Macros;
  ingredients: Ingredient[];
}

/** CalculatorResult is what the calculator answers: the day's targets and the meals. */
export interface CalculatorResult {
  maintenanceCalories: number;
  targetCalories: number;
  macros: Macros;
  meals: Meal[];
}
