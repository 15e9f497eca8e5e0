import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { confirmPending, withoutPending } from "../model/pending-sets";
import { refreshAfterSetChange } from "./set-changes";
import type { CardioUnit, Category, LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/** NewSet is a strength set as the add and edit calls take it. */
export interface NewSet {
  kind: "strength";
  exercise: string;
  category: Category;
  weight: number | null;
  reps: number | null;
  rpe: number | null;
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
}

/** SetInput is what the set forms save: a strength set or a cardio entry. */
export type SetInput = NewSet | NewCardio;

/** saveSet adds a set to a workout, or edits one when its id is given (the API's one call for both). */
export function saveSet(workoutId: string, id: string | null, input: SetInput): Promise<LoggedSet> {
  const { kind, ...fields } = input;
  const body = { ...fields, session: workoutId, ...(id === null ? {} : { id }) };
  const path = kind === "cardio" ? "/api/exercise_logs/add-cardio" : "/api/exercise_logs/add";
  return apiFetch<LoggedSet>(path, { method: "POST", body });
}

/** optimisticSet is how a new set shows before the server has answered: a pending row with a temporary id. */
export function optimisticSet(workoutId: string, input: SetInput, existing: readonly LoggedSet[]): LoggedSet {
  const setNumber = existing.filter((set) => set.exercise === input.exercise).length + 1;
  const cardio = input.kind === "cardio";
  return {
    id: `pending-${crypto.randomUUID()}`,
    session: workoutId,
    exercise: input.exercise,
    setNumber,
    category: cardio ? "cardio" : input.category,
    weight: cardio ? null : input.weight,
    reps: cardio ? null : input.reps,
    rpe: input.rpe,
    done: input.rpe !== null,
    pb: false,
    isBodyweight: !cardio && input.category === "bodyweight",
    isCardio: cardio,
    planNotes: null,
    weightUnit: null,
    muscleGroupNames: [],
    disabled: false,
    distance: cardio ? input.distance : null,
    unit: cardio ? input.unit : null,
    minutes: cardio ? input.minutes : null,
    seconds: cardio ? input.seconds : null,
    created: new Date().toISOString(),
    pending: true,
  };
}

/**
 * useSaveSet logs or edits a set. A new set appears in the workout at once as a pending row, and
 * Save & Next Set may log the next before the server has answered: each save adds its own row,
 * the answer replaces that row with the saved set, and a refusal takes back only that row (the
 * caller shows why). The sets are refetched once, when the last change to them settles.
 *
 * Saves of one workout go to the server one at a time, in the order logged, because the server
 * numbers a workout's sets in the order they arrive; the rows still show at once.
 */
export function useSaveSet(workoutId: string) {
  const queryClient = useQueryClient();
  const key = workoutKeys.sets(workoutId);
  return useMutation({
    mutationKey: workoutKeys.setChanges(workoutId),
    scope: { id: `save-set:${workoutId}` },
    mutationFn: ({ id, input }: { id: string | null; input: SetInput }) => saveSet(workoutId, id, input),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const sets = queryClient.getQueryData<LoggedSet[]>(key);
      if (id !== null || !sets) return { pendingId: null };
      const row = optimisticSet(workoutId, input, sets);
      queryClient.setQueryData<LoggedSet[]>(key, (current = []) => [...current, row]);
      return { pendingId: row.id };
    },
    onSuccess: (saved, _variables, { pendingId }) => {
      if (pendingId !== null) queryClient.setQueryData<LoggedSet[]>(key, (sets) => sets && confirmPending(sets, pendingId, saved));
    },
    onError: (_error, _variables, context) => {
      const pendingId = context?.pendingId ?? null;
      if (pendingId !== null) queryClient.setQueryData<LoggedSet[]>(key, (sets) => sets && withoutPending(sets, pendingId));
    },
    onSettled: (_answer, _error, { id }) => refreshAfterSetChange(queryClient, workoutId, id === null ? [] : [workoutKeys.set(id)]),
  });
}
