import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { Unit } from "@/features/account";
import { ApiError } from "@/lib/api-client";
import type { SetInput } from "../api/log-set";

/** SetChange is one change to a workout's sets, as the set screens make it. */
export type SetChange =
  /** Logs a new set (isNew, its id derived from the key: set-id.ts) or edits one. */
  | { type: "save"; setId: string; isNew: boolean; input: SetInput }
  | { type: "done"; setId: string; rpe: number }
  | { type: "delete"; setId: string };

/** Refusal is why the server refused a queued change when it was replayed. */
export interface Refusal {
  status: number;
  message: string;
}

/** QueuedChange is a change kept on the device until the server has it. */
export interface QueuedChange {
  /** The order the changes were made in, and their replay order. */
  seq: number;
  userId: string;
  workoutId: string;
  /** The Idempotency-Key the change is sent with, every time it is sent. */
  key: string;
  change: SetChange;
  /** What the change is about, for people: "Barbell Bench Press, set 2 (60 kg x 8)". */
  label: string;
  /** The user's weight unit when the change was made, for the row it shows as. */
  weightUnit: Unit | null;
  /** Set when the server refused the change on replay; the change is kept until dismissed. */
  refusal: Refusal | null;
}

/** NewChange is a change as it is queued: the queue numbers it. */
export type NewChange = Omit<QueuedChange, "seq" | "refusal">;

interface QueueSchema extends DBSchema {
  changes: { key: number; value: QueuedChange };
}

/** ChangeQueue is the device's queue of set changes, in IndexedDB. */
export type ChangeQueue = IDBPDatabase<QueueSchema>;

/** openChangeQueue opens (creating on first use) the queue's database. */
export function openChangeQueue(name = "gymlog-offline"): Promise<ChangeQueue> {
  return openDB<QueueSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore("changes", { keyPath: "seq", autoIncrement: true });
    },
  });
}

/** queueChange adds a change after every other. */
export async function queueChange(db: ChangeQueue, change: NewChange): Promise<void> {
  // seq is filled in by the store (autoIncrement); the cast leaves it out of the value.
  await db.add("changes", { ...change, refusal: null } as QueuedChange);
}

/** queuedChanges lists a user's changes, waiting and refused, in the order they were made. */
export async function queuedChanges(db: ChangeQueue, userId: string): Promise<QueuedChange[]> {
  return (await db.getAll("changes")).filter((entry) => entry.userId === userId);
}

/** dismissChange forgets a change (a refused one, once its owner has read why). */
export async function dismissChange(db: ChangeQueue, seq: number): Promise<void> {
  await db.delete("changes", seq);
}

/** ReplayOutcome says how a replay ended: every waiting change was answered, or it stopped at one no answer came for. */
export type ReplayOutcome = "answered" | "stopped";

/**
 * replayChanges sends a user's waiting changes one at a time, in the order they were made, each
 * with its own Idempotency-Key. A change the server took leaves the queue; one it refused stays,
 * marked with the server's reason, and the replay goes on. When no answer comes (no network, a
 * gateway error, the session expired, too many requests) it stops, the change still first: the
 * next replay sends it again with the same key, so the server acts on it at most once even if it
 * had acted before the answer was lost.
 */
export async function replayChanges(
  db: ChangeQueue,
  userId: string,
  send: (entry: QueuedChange) => Promise<unknown>,
): Promise<ReplayOutcome> {
  for (const entry of await queuedChanges(db, userId)) {
    if (entry.refusal) continue;
    try {
      await send(entry);
    } catch (error) {
      if (!isRefusal(error)) return "stopped";
      await db.put("changes", { ...entry, refusal: refusalOf(error) });
      continue;
    }
    await db.delete("changes", entry.seq);
  }
  return "answered";
}

// Statuses that say nothing about the change itself: it is sent again later.
const notAnAnswer = new Set([0, 401, 408, 429]);

function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && !notAnAnswer.has(error.status) && error.status < 500;
}

function refusalOf(error: ApiError): Refusal {
  const reasons = [...new Set(error.violations.map((violation) => violation.message))];
  const message = reasons.length > 0 ? reasons.join(" ") : (error.description ?? error.title ?? `HTTP ${error.status}`);
  return { status: error.status, message };
}
