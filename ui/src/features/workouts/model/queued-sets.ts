import type { LoggedSet } from "../api/types";
import type { QueuedChange } from "../offline/queue";
import { optimisticSet, setFields } from "./pending-sets";

/**
 * withQueued is a workout's sets as this device has them: the sets the server listed (or the
 * copy the service worker kept) with the changes still waiting in the queue applied in order.
 * Each row a waiting change touches is marked queued. A new set already in the list (its answer
 * came before the queue let it go) is not added twice: its id is the one the server gave it.
 * Refused changes are not applied: the server does not have them.
 */
export function withQueued(workoutId: string, sets: LoggedSet[], changes: readonly QueuedChange[]): LoggedSet[] {
  let rows = sets;
  for (const { change, weightUnit, refusal, ...entry } of changes) {
    if (refusal || entry.workoutId !== workoutId) continue;
    const at = rows.findIndex((set) => set.id === change.setId);
    if (change.type === "delete") {
      if (at >= 0) rows = rows.filter((set) => set.id !== change.setId);
      continue;
    }
    if (at < 0) {
      if (change.type === "save" && change.isNew) {
        rows = [...rows, { ...optimisticSet(workoutId, change.input, rows), id: change.setId, weightUnit, pending: false, queued: true }];
      }
      continue;
    }
    const set = rows[at]!;
    const changed: LoggedSet =
      change.type === "done" ? { ...set, done: true, rpe: change.rpe, queued: true } : { ...set, ...setFields(change.input), queued: true };
    rows = rows.map((row, index) => (index === at ? changed : row));
  }
  return rows;
}
