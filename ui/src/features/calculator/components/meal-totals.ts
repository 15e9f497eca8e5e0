import type { Ingredient, Macros } from "../api/types";

/** MealTotals is what a meal's suggested ingredients add up to. */
export interface MealTotals extends Macros {
  calories: number;
}

/**
 * mealTotals adds up the ingredients of a meal, rounded as the table shows them. The spec's rule
 * (the carb source from the carb target, the protein/fat source from the larger need, fixed
 * extras) can overshoot the meal's target, so the screen shows both.
 */
export function mealTotals(ingredients: readonly Ingredient[]): MealTotals {
  const sum = (pick: (ingredient: Ingredient) => number) =>
    Math.round(ingredients.reduce((total, ingredient) => total + pick(ingredient), 0) * 10) / 10;
  return {
    calories: Math.round(ingredients.reduce((total, ingredient) => total + ingredient.calories, 0)),
    protein: sum((ingredient) => ingredient.protein),
    carbs: sum((ingredient) => ingredient.carbs),
    fat: sum((ingredient) => ingredient.fat),
  };
}
