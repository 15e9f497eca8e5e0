import { useSyncExternalStore } from "react";

/** Rest is when the last set of a workout was done, and of which exercise. */
export interface Rest {
  workoutId: string;
  exercise: string;
  at: number;
}

const key = "gymlog.lastSetDone";
const listeners = new Set<() => void>();

/** startRest records that a set was just done, starting the rest timer from 00:00. */
export function startRest(workoutId: string, exercise: string, at: number = Date.now()): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ workoutId, exercise, at }));
  } catch {
    // Without storage the timer does not survive a page change.
  }
  for (const listener of listeners) listener();
}

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** useRest gives the last rest of this workout, or null. */
export function useRest(workoutId: string): Rest | null {
  const raw = useSyncExternalStore(subscribe, readRaw);
  if (raw === null) return null;
  try {
    const rest = JSON.parse(raw) as Rest;
    return rest.workoutId === workoutId ? rest : null;
  } catch {
    return null;
  }
}
