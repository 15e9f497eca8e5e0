import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { DoneResult, LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/** markDone marks a set done with the RPE it took; the answer says if it was a personal best. */
export function markDone(id: string, rpe: number): Promise<DoneResult> {
  return apiFetch<DoneResult>("/api/exercise_logs/done", { method: "PUT", body: { id, rpe } });
}

/**
 * useMarkDone marks a set done. The set shows done at once; if the server refuses, the set is
 * put back and the error is logged and returned to the caller, which shows it.
 */
export function useMarkDone(workoutId: string) {
  const queryClient = useQueryClient();
  const key = workoutKeys.sets(workoutId);
  return useMutation({
    mutationFn: ({ id, rpe }: { id: string; rpe: number }) => markDone(id, rpe),
    onMutate: async ({ id, rpe }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LoggedSet[]>(key);
      queryClient.setQueryData<LoggedSet[]>(key, (sets) =>
        sets?.map((set) => (set.id === id ? { ...set, done: true, rpe } : set)),
      );
      return { previous };
    },
    onSuccess: (result, { id }) => {
      queryClient.setQueryData<LoggedSet[]>(key, (sets) =>
        sets?.map((set) => (set.id === id ? { ...set, done: true, rpe: result.rpe, pb: result.pb } : set)),
      );
    },
    onError: (error, _variables, context) => {
      console.error("Marking the set done failed", error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.detail(workoutId) }),
      ]),
  });
}
