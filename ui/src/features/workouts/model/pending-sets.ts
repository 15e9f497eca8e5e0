import type { LoggedSet } from "../api/types";

/**
 * confirmPending puts the set the server saved in place of the pending row it was shown as. If a
 * refetch has already brought the saved set, the pending row just goes, so no set shows twice.
 */
export function confirmPending(sets: LoggedSet[], pendingId: string, saved: LoggedSet): LoggedSet[] {
  if (sets.some((set) => set.id === saved.id)) return sets.filter((set) => set.id !== pendingId);
  return sets.map((set) => (set.id === pendingId ? saved : set));
}

/**
 * withoutPending takes back the pending row of a set the server refused, and only that row. The
 * pending sets of the same exercise logged after it move up one number, as the server will number
 * them.
 */
export function withoutPending(sets: LoggedSet[], pendingId: string): LoggedSet[] {
  const refused = sets.find((set) => set.id === pendingId);
  if (!refused) return sets;
  return sets
    .filter((set) => set.id !== pendingId)
    .map((set) =>
      set.pending && set.exercise === refused.exercise && set.setNumber > refused.setNumber
        ? { ...set, setNumber: set.setNumber - 1 }
        : set,
    );
}
