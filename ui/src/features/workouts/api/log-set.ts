import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { formatSet } from "../model/format";
import { confirmPending, optimisticSet, setFields, withoutPending } from "../model/pending-sets";
import { newSetId } from "../offline/set-id";
import { sendOrQueue, setLabel } from "../offline/sync";
import { refreshAfterSetChange } from "./set-changes";
import type { CardioUnit, Category, LoggedSet, SetKind } from "./types";
import { workoutKeys } from "./workout-keys";

/** NewSet is a strength set as the add and edit calls take it. */
export interface NewSet {
  kind: "strength";
  exercise: string;
  category: Category;
  weight: number | null;
  reps: number | null;
  rpe: number | null;
  /**
   * The set's kind, sent as the API's `kind` (here `kind` tells a strength set from a cardio
   * entry, and saves queued on the device keep it so). Every save sends it: an edit replaces the
   * set's fields, so a set whose kind was left out would become normal.
   */
  setKind: SetKind;
  /** The set's note, "" for none (see NewCardio). */
  note: string;
}

/** NewCardio is a cardio entry as the add and edit calls take it. */
export interface NewCardio {
  kind: "cardio";
  exercise: string;
  distance: number | null;
  unit: CardioUnit;
  minutes: number | null;
  seconds: number | null;
  rpe: number | null;
  /**
   * The set's note, "" for none. Every save sends it: an edit without a note keeps the set's
   * note, so a form that left it out could not clear it.
   */
  note: string;
}

/** SetInput is what the set forms save: a strength set or a cardio entry. */
export type SetInput = NewSet | NewCardio;

/** saveSet adds a set to a workout, or edits one when its id is given (the API's one call for both). */
export function saveSet(workoutId: string, id: string | null, input: SetInput, idempotencyKey?: string): Promise<LoggedSet> {
  const body = { ...savedFields(input, id === null), session: workoutId, ...(id === null ? {} : { id }) };
  const path = input.kind === "cardio" ? "/api/exercise_logs/add-cardio" : "/api/exercise_logs/add";
  return apiFetch<LoggedSet>(path, { method: "POST", body, idempotencyKey });
}

// The set's fields as the API names them. A save queued on the device before sets had kinds has
// no setKind: its set is normal, as every set was then. One queued before sets had notes has no
// note: a new set gets none, and an edit leaves the note out, which keeps the set's note.
function savedFields(input: SetInput, isNew: boolean) {
  const note = input.note ?? (isNew ? "" : undefined);
  const noted = note === undefined ? {} : { note };
  if (input.kind === "cardio") {
    const { exercise, distance, unit, minutes, seconds, rpe } = input;
    return { exercise, distance, unit, minutes, seconds, rpe, ...noted };
  }
  const { exercise, category, weight, reps, rpe, setKind } = input;
  return { exercise, category, weight, reps, rpe, kind: setKind ?? "", ...noted };
}

// A new set's label, when the refused change is a set the server never had.
function newSetLabel(input: SetInput): string {
  return `${input.exercise}, a new set (${formatSet({ ...setFields(input), weightUnit: null })})`;
}

/**
 * saveOrQueue saves a set now or queues the save on the device (offline/sync.ts). A queued new
 * set has the id the server will give it; the answer is then that set, marked queued.
 */
function saveOrQueue(queryClient: QueryClient, workoutId: string, id: string | null, input: SetInput): Promise<LoggedSet> {
  return sendOrQueue(queryClient, {
    workoutId,
    label: id === null ? newSetLabel(input) : setLabel(queryClient, workoutId, id),
    change: async (key) => ({ type: "save", setId: id ?? (await newSetId(workoutId, input.kind, key)), isNew: id === null, input }),
    send: (key) => saveSet(workoutId, id, input, key),
    queued: (change) => ({ ...optimisticSet(workoutId, input, []), id: change.setId, pending: false, queued: true }),
  });
}

/**
 * useSaveSet logs or edits a set. A new set appears in the workout at once as a pending row, and
 * Save & Next Set may log the next before the server has answered: each save adds its own row,
 * the answer replaces that row with the saved set, and a refusal takes back only that row (the
 * caller shows why). The sets are refetched once, when the last change to them settles.
 *
 * Saves of one workout go to the server one at a time, in the order logged, because the server
 * numbers a workout's sets in the order they arrive; the rows still show at once. Offline the
 * save is queued on the device (offline/sync.ts) and its row shows from the queue (useSets).
 */
export function useSaveSet(workoutId: string) {
  const queryClient = useQueryClient();
  const key = workoutKeys.sets(workoutId);
  return useMutation({
    mutationKey: workoutKeys.setChanges(workoutId),
    scope: { id: `save-set:${workoutId}` },
    networkMode: "always",
    mutationFn: ({ id, input }: { id: string | null; input: SetInput }) => saveOrQueue(queryClient, workoutId, id, input),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const sets = queryClient.getQueryData<LoggedSet[]>(key);
      if (id !== null || !sets) return { pendingId: null };
      const row = optimisticSet(workoutId, input, sets);
      queryClient.setQueryData<LoggedSet[]>(key, (current = []) => [...current, row]);
      return { pendingId: row.id };
    },
    onSuccess: (saved, _variables, { pendingId }) => {
      if (pendingId === null) return;
      // A queued set shows from the queue, after the sets the server has.
      if (saved.queued) queryClient.setQueryData<LoggedSet[]>(key, (sets) => sets?.filter((set) => set.id !== pendingId));
      else queryClient.setQueryData<LoggedSet[]>(key, (sets) => sets && confirmPending(sets, pendingId, saved));
    },
    onError: (_error, _variables, context) => {
      const pendingId = context?.pendingId ?? null;
      if (pendingId !== null) queryClient.setQueryData<LoggedSet[]>(key, (sets) => sets && withoutPending(sets, pendingId));
    },
    onSettled: (_answer, _error, { id }) => refreshAfterSetChange(queryClient, workoutId, id === null ? [] : [workoutKeys.set(id)]),
  });
}
