import type { SetInput } from "../api/log-set";
import type { LoggedSet } from "../api/types";

/**
 * confirmPending puts the set the server saved in place of the pending row it was shown as. If a
 * refetch has already brought the saved set, the pending row just goes, so no set shows twice.
 */
export function confirmPending(sets: LoggedSet[], pendingId: string, saved: LoggedSet): LoggedSet[] {
  if (sets.some((set) => set.id === saved.id)) return sets.filter((set) => set.id !== pendingId);
  // A provisional answer (the server stored the set before its read model had it) does not
  // know the set's number yet: the row keeps the one it showed until the sets are read again.
  return sets.map((set) => (set.id === pendingId ? (saved.provisional ? { ...saved, setNumber: set.setNumber } : saved) : set));
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

/** setFields are the fields of a set row that a save gives it. */
export function setFields(input: SetInput) {
  const cardio = input.kind === "cardio";
  return {
    exercise: input.exercise,
    category: cardio ? "cardio" : input.category,
    weight: cardio ? null : input.weight,
    reps: cardio ? null : input.reps,
    rpe: input.rpe,
    // A save queued before sets had kinds has no setKind (log-set.ts).
    kind: cardio ? "" : (input.setKind ?? ""),
    // A save queued before sets had notes has no note: the row keeps the one it has (log-set.ts).
    ...(input.note === undefined ? {} : { note: input.note }),
    done: input.rpe !== null,
    isBodyweight: !cardio && input.category === "bodyweight",
    isCardio: cardio,
    distance: cardio ? input.distance : null,
    unit: cardio ? input.unit : null,
    minutes: cardio ? input.minutes : null,
    seconds: cardio ? input.seconds : null,
  } satisfies Partial<LoggedSet>;
}

/** optimisticSet is how a new set shows before the server has answered: a pending row with a temporary id. */
export function optimisticSet(workoutId: string, input: SetInput, existing: readonly LoggedSet[]): LoggedSet {
  return {
    ...setFields(input),
    id: `pending-${crypto.randomUUID()}`,
    session: workoutId,
    setNumber: existing.filter((set) => set.exercise === input.exercise).length + 1,
    pb: false,
    planNotes: null,
    weightUnit: null,
    muscleGroupNames: [],
    disabled: false,
    created: new Date().toISOString(),
    pending: true,
  };
}
