import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { accountKeys, type User } from "@/features/account";
import { ApiError } from "@/lib/api-client";
import type { LoggedSet } from "../api/types";
import { workoutKeys } from "../api/workout-keys";
import { formatSet } from "../model/format";
import { withQueued } from "../model/queued-sets";
import {
  dismissChange,
  openChangeQueue,
  queueChange,
  replayChanges,
  type ChangeQueue,
  type NewChange,
  type QueuedChange,
  type SetChange,
} from "./queue";

// The device's queue (queue.ts) and an in-memory copy of it that the screens read. Without
// IndexedDB (refused, or a test's jsdom) there is no queue: changes go to the server as before.
let database: Promise<ChangeQueue | null> | null = null;
let entries: readonly QueuedChange[] = [];
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();

function queue(): Promise<ChangeQueue | null> {
  database ??= typeof indexedDB === "undefined" ? Promise.resolve(null) : openChangeQueue().catch(() => null);
  return database;
}

// Reads the whole queue again (every user's: each screen filters by its user) and tells the screens.
async function reread(): Promise<void> {
  const db = await queue();
  entries = db ? await db.getAll("changes") : [];
  for (const listener of listeners) listener();
}

function load(): Promise<void> {
  loaded ??= reread();
  return loaded;
}

/** useQueuedChanges gives every change queued on this device (each with its user) and follows the queue. */
export function useQueuedChanges(): readonly QueuedChange[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      void load();
      return () => listeners.delete(listener);
    },
    () => entries,
  );
}

// A user's changes still waiting to sync (not refused).
function waiting(changes: readonly QueuedChange[], userId: string | null): QueuedChange[] {
  return changes.filter((entry) => entry.userId === userId && entry.refusal === null);
}

/** forgetChange dismisses a refused change once its owner has read why. */
export async function forgetChange(seq: number): Promise<void> {
  const db = await queue();
  if (db) await dismissChange(db, seq);
  await reread();
}

/** SetChangePlan is one change to a workout's sets, as a set screen makes it: how to send it now or queue it. */
export interface SetChangePlan<T> {
  workoutId: string;
  /** The change as queued; a new set's id derives from the key (set-id.ts). */
  change: (key: string) => Promise<SetChange>;
  /** What the change is about, for people (shown if the server refuses it on replay). */
  label: string;
  /** Sends the change now, with the key. */
  send: (key: string) => Promise<T>;
  /** What the screen takes as the answer when the change was queued instead. */
  queued: (change: SetChange) => T;
}

/**
 * sendOrQueue makes a change to a workout's sets. Offline, or while earlier changes to the
 * workout wait in the queue (so the server gets them in the order made), the change is queued
 * on the device with its Idempotency-Key and replayed later. Online it is sent at once; if no
 * answer comes (the network dropped it) it is queued with the same key, so the replay cannot
 * act twice if the server did act.
 */
export async function sendOrQueue<T>(queryClient: QueryClient, plan: SetChangePlan<T>): Promise<T> {
  const user = queryClient.getQueryData<User | null>(accountKeys.me()) ?? null;
  const key = crypto.randomUUID();
  const enqueue = async () => {
    const db = await queue();
    if (!db || !user) return null;
    const change = await plan.change(key);
    const entry: NewChange = { userId: user.id, workoutId: plan.workoutId, key, change, label: plan.label, weightUnit: user.unit };
    await queueChange(db, entry);
    await reread();
    kick();
    return plan.queued(change);
  };
  await load();
  if (!navigator.onLine || waiting(entries, user?.id ?? null).some((entry) => entry.workoutId === plan.workoutId)) {
    const queued = await enqueue();
    if (queued !== null) return queued;
  }
  try {
    return await plan.send(key);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    const queued = await enqueue().catch(() => null);
    if (queued === null) throw error;
    return queued;
  }
}

/** setLabel names a set of a workout for people, as this device shows it: "Squat, set 2 (100 kg x 5)". */
export function setLabel(queryClient: QueryClient, workoutId: string, setId: string): string {
  const sets = withQueued(workoutId, queryClient.getQueryData<LoggedSet[]>(workoutKeys.sets(workoutId)) ?? [], entries);
  const set = sets.find((row) => row.id === setId);
  if (!set) return "A set";
  return `${set.exercise}, set ${set.setNumber} (${formatSet(set)})`;
}

/** Replayer is what replays a signed-in user's queue: how to send a change, and what to refresh after. */
export interface Replayer {
  userId: string;
  send: (entry: QueuedChange) => Promise<unknown>;
  /**
   * Refetches what the replayed changes changed, the given workouts' own lists from the server
   * (never the service worker's older copy); it throws when the server did not answer.
   */
  refresh: (workoutIds: string[]) => Promise<unknown>;
}

let replayer: Replayer | null = null;
let running = false;
let again = false;
let retry: ReturnType<typeof setTimeout> | undefined;

// While online and no answer comes (one bar of signal), the queue is tried again this often.
const retryMs = 15_000;
// When the changes went through but the lists did not come back, they are asked again after
// these waits, then every retryMs.
const refreshRetryMs = [1_000, 2_000, 4_000, 8_000] as const;
let refreshFailures = 0;

/**
 * startReplay replays the user's queue now, whenever the connection comes back and after each
 * change queued while online; it returns the function that stops it (on signing out).
 */
export function startReplay(options: Replayer): () => void {
  replayer = options;
  window.addEventListener("online", kick);
  kick();
  return () => {
    window.removeEventListener("online", kick);
    clearTimeout(retry);
    if (replayer === options) replayer = null;
  };
}

function kick(): void {
  if (!replayer || !navigator.onLine) return;
  if (running) {
    again = true;
    return;
  }
  running = true;
  clearTimeout(retry);
  void replay(replayer)
    .catch((error: unknown) => console.error("Replaying the queued changes failed", error))
    .finally(() => {
      running = false;
      if (again) kick();
    });
}

async function replay(current: Replayer): Promise<void> {
  await load();
  const db = await queue();
  const before = waiting(entries, current.userId);
  if (!db || before.length === 0) return;
  let outcome;
  do {
    again = false;
    outcome = await replayChanges(db, current.userId, current.send);
  } while (again && outcome === "answered");
  // The screens keep showing the queued rows (this copy of the queue, read before the replay)
  // until the server's own lists have come back; without them, the next replay asks again.
  try {
    await current.refresh([...new Set(before.map((entry) => entry.workoutId))]);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    retry = setTimeout(kick, refreshRetryMs[refreshFailures++] ?? retryMs);
    return;
  }
  refreshFailures = 0;
  await reread();
  if (outcome === "stopped") retry = setTimeout(kick, retryMs);
}
