import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
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

/** optimisticSet is how a new set shows before the server has answered. */
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
  };
}

/**
 * useSaveSet logs or edits a set. A new set appears in the workout at once; if the server refuses
 * it the list is put back and the caller shows the error.
 */
export function useSaveSet(workoutId: string) {
  const queryClient = useQueryClient();
  const key = workoutKeys.sets(workoutId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SetInput }) => saveSet(workoutId, id, input),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LoggedSet[]>(key);
      if (previous && id === null) {
        queryClient.setQueryData<LoggedSet[]>(key, [...previous, optimisticSet(workoutId, input, previous)]);
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: (_answer, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.detail(workoutId) }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.snapshots() }),
        id === null ? undefined : queryClient.invalidateQueries({ queryKey: workoutKeys.set(id) }),
      ]),
  });
}
