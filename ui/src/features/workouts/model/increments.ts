import type { Unit } from "@/features/account";

/** Increment is one choice of the Start dropdown: what a duplicated workout adds to every set. */
export interface Increment {
  label: string;
  plusWeight: number;
  plusReps: number;
}

/**
 * incrementsFor lists the duplicate increments of spec section 9: 1.25 or 2.5 in kg, 2.5 or 5 in
 * other units, or 1 or 2 reps, after the plain copy.
 */
export function incrementsFor(unit: Unit): Increment[] {
  const weights = unit === "kg" ? [1.25, 2.5] : [2.5, 5];
  return [
    { label: "Same as last time", plusWeight: 0, plusReps: 0 },
    ...weights.map((w) => ({ label: `+${w} ${unit}`, plusWeight: w, plusReps: 0 })),
    ...[1, 2].map((r) => ({ label: `+${r} ${r === 1 ? "rep" : "reps"}`, plusWeight: 0, plusReps: r })),
  ];
}
