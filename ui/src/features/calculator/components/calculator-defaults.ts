import type { User } from "@/features/account";
import type { ActivityLevel, Goal } from "../api/types";

/** CalculatorFormValues are the calculator's inputs as the form holds them (text until sent). */
export interface CalculatorFormValues {
  age: string;
  height: string;
  weight: string;
  gender: "" | "Male" | "Female";
  activityLevel: ActivityLevel;
  goal: Goal;
}

/** The values a visitor starts with, and a signed-in user where the profile lacks one. */
export const visitorFallbacks = { age: 30, height: 170, weight: 70 } as const;

/** activityLevels are the activity options, least active first; moderate is the default. */
export const activityLevels: { value: ActivityLevel; label: string }[] = [
  { value: "sedentary", label: "Sedentary (little or no exercise)" },
  { value: "light", label: "Light (exercise 1-3 days a week)" },
  { value: "moderate", label: "Moderate (exercise 3-5 days a week)" },
  { value: "active", label: "Active (exercise 6-7 days a week)" },
  { value: "veryActive", label: "Very active (hard exercise every day)" },
];

/** goals are the goal options; lose is the default. */
export const goals: { value: Goal; label: string }[] = [
  { value: "lose", label: "Lose weight" },
  { value: "gain", label: "Gain weight" },
  { value: "maintain", label: "Maintain weight" },
];

/**
 * calculatorDefaults are the form's first values: the user's own age, height, current weight
 * (kg) and gender when signed in, the visitor fallbacks otherwise (and for what a profile lacks);
 * activity moderate and goal lose.
 */
export function calculatorDefaults(user: User | null): CalculatorFormValues {
  const height = user?.height ?? visitorFallbacks.height;
  const weight = user?.currentWeightKg ?? visitorFallbacks.weight;
  return {
    age: String(user?.age ?? visitorFallbacks.age),
    height: String(height),
    weight: String(Math.round(weight * 100) / 100),
    gender: user?.gender ?? "",
    activityLevel: "moderate",
    goal: "lose",
  };
}
