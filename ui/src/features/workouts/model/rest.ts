import { useSyncExternalStore } from "react";

/** Rest is when the last set of a workout was done, and of which exercise. */
export interface Rest {
  workoutId: string;
  exercise: string;
  at: number;
}

// Kept in localStorage, one key per workout, so the timer survives a reload and the browser
// being closed while the lifter is in another app between sets.
const prefix = "gymlog.rest.";
const listeners = new Set<() => void>();

function keyOf(workoutId: string): string {
  return prefix + workoutId;
}

/** startRest records that a set was just done, starting the rest timer from 00:00. */
export function startRest(workoutId: string, exercise: string, at: number = Date.now()): void {
  try {
    // One workout is in progress at a time: the rests of others are over.
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(prefix) && key !== keyOf(workoutId)) localStorage.removeItem(key);
    }
    localStorage.setItem(keyOf(workoutId), JSON.stringify({ exercise, at }));
  } catch {
    // Without storage there is no timer to show.
  }
  for (const listener of listeners) listener();
}

/** clearRests forgets every rest timer, on logout. */
export function clearRests(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(prefix)) localStorage.removeItem(key);
    }
  } catch {
    // Nothing was kept.
  }
  for (const listener of listeners) listener();
}

function readRaw(workoutId: string): string | null {
  try {
    return localStorage.getItem(keyOf(workoutId));
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(prefix)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** useRest gives the last rest of this workout, or null; it re-renders when it changes (in any tab). */
export function useRest(workoutId: string): Rest | null {
  const raw = useSyncExternalStore(subscribe, () => readRaw(workoutId));
  if (raw === null) return null;
  try {
    const { exercise, at } = JSON.parse(raw) as Partial<Rest>;
    return typeof exercise === "string" && typeof at === "number" ? { workoutId, exercise, at } : null;
  } catch {
    return null;
  }
}
