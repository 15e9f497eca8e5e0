import type { Category } from "../api/types";

const categories: readonly Category[] = ["free-weights", "machine-weights", "bodyweight"];

/** categoryFrom reads a category query value; free weights for any other value (or none). */
export function categoryFrom(value: string | null): Category {
  return categories.find((c) => c === value) ?? "free-weights";
}
