import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { type CardioUnit, parseDecimal, parseInteger } from "@/features/workouts";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import type { Target } from "../api/types";

/** StrengthRow is one row of a strength targets table, as typed. */
export interface StrengthRow {
  weight: string;
  reps: string;
}

/** CardioRow is one row of a cardio targets table, as typed. */
export interface CardioRow {
  distance: string;
  unit: CardioUnit;
  minutes: string;
  seconds: string;
}

/** StrengthTargetPayload is a strength target as saved; bodyweight targets have no weight. */
export interface StrengthTargetPayload {
  weight?: number;
  reps: number;
}

/** CardioTargetPayload is a cardio target as saved; what is not given is null. */
export interface CardioTargetPayload {
  distance: number | null;
  unit: CardioUnit;
  minutes: number | null;
  seconds: number | null;
}

/** The cardio units a target may have; empty means none. */
export const cardioUnits: readonly CardioUnit[] = ["", "km", "m", "mi"];

export const blankStrengthRow: StrengthRow = { weight: "", reps: "" };
export const blankCardioRow: CardioRow = { distance: "", unit: "", minutes: "", seconds: "" };

/** withRowAdded is the table with a row added that copies the previous row (blank if none). */
export function withRowAdded<T>(rows: readonly T[], blank: T): T[] {
  const last = rows.at(-1);
  return [...rows, { ...(last ?? blank) }];
}

/** canRemoveRow says whether the row at index may be removed: every row but the first. */
export function canRemoveRow(index: number): boolean {
  return index > 0;
}

/** withRowRemoved is the table without the row at index; the first row stays. */
export function withRowRemoved<T>(rows: readonly T[], index: number): T[] {
  return canRemoveRow(index) ? rows.filter((_, i) => i !== index) : [...rows];
}

/**
 * strengthTargets are the rows as saved: weight to 2 decimals, default 0; reps as typed, default
 * 0 (2.5 reps go as 2.5, for the server to say they must be whole, not as 2).
 */
export function strengthTargets(rows: readonly StrengthRow[], bodyweight: boolean): StrengthTargetPayload[] {
  return rows.map((row) => {
    const reps = parseInteger(row.reps) ?? 0;
    return bodyweight ? { reps } : { weight: parseDecimal(row.weight) ?? 0, reps };
  });
}

/**
 * cardioTargets are the rows as saved, without defaults: distance to 2 decimals, minutes and
 * seconds as typed (a fraction is the server's to refuse), each null when empty or not a number;
 * a unit outside the list is none.
 */
export function cardioTargets(rows: readonly CardioRow[]): CardioTargetPayload[] {
  return rows.map((row) => ({
    distance: parseDecimal(row.distance),
    unit: cardioUnits.includes(row.unit) ? row.unit : "",
    minutes: parseInteger(row.minutes),
    seconds: parseInteger(row.seconds),
  }));
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** strengthRows are a saved exercise's targets as the table shows them; always one row at least. */
export function strengthRows(targets: readonly Target[]): StrengthRow[] {
  const rows = targets.map((t) => ({ weight: text(t.weight), reps: text(t.reps) }));
  return rows.length > 0 ? rows : [{ ...blankStrengthRow }];
}

/**
 * cardioRows are a saved cardio exercise's targets as the table shows them; one row at least
 * (blank, when there are none).
 */
export function cardioRows(targets: readonly Target[], blank: CardioRow = blankCardioRow): CardioRow[] {
  const rows = targets.map((t) => ({
    distance: text(t.distance),
    unit: cardioUnits.find((u) => u === t.unit) ?? "",
    minutes: text(t.minutes),
    seconds: text(t.seconds),
  }));
  return rows.length > 0 ? rows : [{ ...blank }];
}

/**
 * targetPath is the form field of a server field named after a target row (weight_2 is the
 * weight of the second row: targets.1.weight); null for any other name.
 */
export function targetPath(serverName: string): string | null {
  const match = /^([a-z]+)_([1-9][0-9]*)$/.exec(serverName);
  if (!match) return null;
  return `targets.${Number(match[2]) - 1}.${match[1]}`;
}

/** targetFieldNames are the server's names of the rows' fields: weight_1, reps_1, weight_2 ... */
export function targetFieldNames(rowCount: number, columns: readonly string[]): string[] {
  return Array.from({ length: rowCount }, (_, i) => columns.map((column) => `${column}_${i + 1}`)).flat();
}

/**
 * applyTargetErrors puts a refused save's messages under the form's fields, the rows' indexed
 * ones (weight_1, reps_2, distance_1 ...) under that row's cell, and returns the alert's part.
 */
export function applyTargetErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rowCount: number,
  columns: readonly string[],
): FormErrorSummary {
  const known: string[] = [...fields, ...targetFieldNames(rowCount, columns)];
  const setMapped: UseFormSetError<FieldValues> = (name, message, options) =>
    setError((targetPath(name) ?? name) as Path<T>, message, options);
  return applyServerErrors<FieldValues>(error, setMapped, known);
}
