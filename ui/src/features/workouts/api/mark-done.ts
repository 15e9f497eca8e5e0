import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { refreshAfterSetChange } from "./set-changes";
import type { DoneResult, LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/** markDone marks a set done with the RPE it took; the answer says if it was a personal best. */
export function markDone(id: string, rpe: number): Promise<DoneResult> {
  return apiFetch<DoneResult>("/api/exercise_logs/done", { method: "PUT", body: { id, rpe } });
}

/**
 * useMarkDone marks a set done. The set shows done at once; if the server refuses, only that set
 * is put back as it was (other changes made meanwhile stay) and the error is logged and returned
 * to the caller, which shows it.
 */
export function useMarkDone(workoutId: string) {
  const queryClient = useQueryClient();
  const key = workoutKeys.sets(workoutId);
  const update = (id: string, change: (set: LoggedSet) => LoggedSet) =>
    queryClient.setQueryData<LoggedSet[]>(key, (sets) => sets?.map((set) => (set.id === id ? change(set) : set)));
  return useMutation({
    mutationKey: workoutKeys.setChanges(workoutId),
    mutationFn: ({ id, rpe }: { id: string; rpe: number }) => markDone(id, rpe),
    onMutate: async ({ id, rpe }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<LoggedSet[]>(key)?.find((set) => set.id === id);
      update(id, (set) => ({ ...set, done: true, rpe }));
      return { before };
    },
    onSuccess: (result, { id }) => update(id, (set) => ({ ...set, done: true, rpe: result.rpe, pb: result.pb })),
    onError: (error, { id }, context) => {
      console.error("Marking the set done failed", error);
      const before = context?.before;
      if (before) update(id, (set) => ({ ...set, done: before.done, rpe: before.rpe, pb: before.pb }));
    },
    onSettled: () => refreshAfterSetChange(queryClient, workoutId),
  });
}
