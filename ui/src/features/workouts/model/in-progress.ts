import { useSyncExternalStore } from "react";

/** InProgress is the workout in progress as kept on this device: its id and start time. */
export interface InProgress {
  id: string;
  start: string;
}

const inProgressKey = "gymlog.workoutInProgress";
const checkedKey = "gymlog.workoutInProgressChecked";
const listeners = new Set<() => void>();

// Storage may be refused (private browsing); then the banner lasts for this page only.
let memory: string | null = null;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return key === inProgressKey ? memory : null;
  }
}

function write(key: string, value: string | null): void {
  if (key === inProgressKey) memory = value;
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Kept in memory only.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** rememberInProgress keeps the workout in progress so the banner shows on every page. */
export function rememberInProgress(workout: InProgress): void {
  write(inProgressKey, JSON.stringify(workout));
  notify();
}

/**
 * forgetInProgress clears the kept workout: after add, edit or finish (as the spec says), or
 * after deleting it. With an id it clears only when that workout is the one kept.
 */
export function forgetInProgress(id?: string): void {
  if (id !== undefined && readInProgress()?.id !== id) return;
  write(inProgressKey, null);
  notify();
}

/** readInProgress is the kept workout, or null. */
export function readInProgress(): InProgress | null {
  const raw = read(inProgressKey);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<InProgress>;
    return typeof value.id === "string" && typeof value.start === "string" ? { id: value.id, start: value.start } : null;
  } catch {
    return null;
  }
}

/** wasCheckedFor tells whether the server was already asked for this user's workout in progress. */
export function wasCheckedFor(userId: string): boolean {
  return read(checkedKey) === userId;
}

/** markCheckedFor records that the server was asked, once per signed-in period. */
export function markCheckedFor(userId: string): void {
  write(checkedKey, userId);
}

/** clearInProgressMarkers forgets both markers, on logout or when no user is signed in. */
export function clearInProgressMarkers(): void {
  write(checkedKey, null);
  forgetInProgress();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === inProgressKey) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** useInProgress gives the kept workout and re-renders when it changes (in any tab). */
export function useInProgress(): InProgress | null {
  const raw = useSyncExternalStore(subscribe, () => read(inProgressKey));
  return raw === null ? null : readInProgress();
}
