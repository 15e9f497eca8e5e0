import { formatNumber } from "@/lib/format";
import type { CardioUnit, LoggedSet } from "../api/types";

/** formatDuration shows whole minutes as "45 min" or "1 h 05 min". */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return "–";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** nowTime is the local clock as HH:MM, as start and finish times are sent. */
export function nowTime(now: Date = new Date()): string {
  return `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`;
}

/** formatCardioTime shows minutes and seconds as m:ss. */
export function formatCardioTime(minutes: number | null, seconds: number | null): string {
  if (minutes === null && seconds === null) return "–";
  return `${minutes ?? 0}:${String(seconds ?? 0).padStart(2, "0")}`;
}

/** formatDistance shows a cardio distance with its unit. */
export function formatDistance(set: Pick<LoggedSet, "distance" | "unit">): string {
  if (set.distance === null) return "–";
  return `${formatNumber(set.distance)}${set.unit ? ` ${set.unit}` : ""}`;
}

/** formatLift shows a strength set as "80 kg x 5", or "x 12" for bodyweight. */
export function formatLift(set: Pick<LoggedSet, "weight" | "reps" | "weightUnit">): string {
  const reps = set.reps ?? "–";
  if (set.weight === null) return `BW x ${reps}`;
  return `${formatNumber(set.weight)}${set.weightUnit ? ` ${set.weightUnit}` : ""} x ${reps}`;
}

/** parseDecimal reads a number field rounded to 2 decimals; empty or non-numeric is null. */
export function parseDecimal(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round((value + Number.EPSILON) * 100) / 100 : null;
}

/**
 * parseInteger reads a whole-number field; empty or non-numeric is null. A number with a
 * fraction (2.5 reps) is sent as typed, so the server says it must be whole instead of that it
 * is missing.
 */
export function parseInteger(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** formatSet shows a set as its table does: "80 kg x 5", or a cardio entry's "5 km, 25:00". */
export function formatSet(
  set: Pick<LoggedSet, "isCardio" | "weight" | "reps" | "weightUnit" | "distance" | "unit" | "minutes" | "seconds">,
): string {
  return set.isCardio ? `${formatDistance(set)}, ${formatCardioTime(set.minutes, set.seconds)}` : formatLift(set);
}

/**
 * distanceUnitFor is the distance unit a new cardio entry or target starts with: miles for
 * someone who lifts in pounds, kilometres otherwise. They may pick another, or none.
 */
export function distanceUnitFor(weightUnit: string | undefined): CardioUnit {
  return weightUnit === "lbs" ? "mi" : "km";
}
