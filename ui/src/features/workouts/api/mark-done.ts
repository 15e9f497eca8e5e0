import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { sendOrQueue, setLabel } from "../offline/sync";
import { refreshAfterSetChange } from "./set-changes";
import type { DoneResult, LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/** markDone marks a set done with the RPE it took; the answer says if it was a personal best. */
export function markDone(id: string, rpe: number, idempotencyKey?: string): Promise<DoneResult> {
  return apiFetch<DoneResult>("/api/exercise_logs/done", { method: "PUT", body: { id, rpe }, idempotencyKey });
}

/**
 * useMarkDone marks a set done. The set shows done at once; if the server refuses, only that set
 * is put back as it was (other changes made meanwhile stay) and the error is logged and returned
 * to the caller, which shows it. Offline the change is queued on the device (offline/sync.ts).
 */
export function useMarkDone(workoutId: string) {
  const queryClient = useQueryClient();
  const key = workoutKeys.sets(workoutId);
  const update = (id: string, change: (set: LoggedSet) => LoggedSet) =>
    queryClient.setQueryData<LoggedSet[]>(key, (sets) => sets?.map((set) => (set.id === id ? change(set) : set)));
  return useMutation({
    mutationKey: workoutKeys.setChanges(workoutId),
    networkMode: "always",
    mutationFn: ({ id, rpe }: { id: string; rpe: number }) =>
      sendOrQueue(queryClient, {
        workoutId,
        label: setLabel(queryClient, workoutId, id),
        change: () => Promise.resolve({ type: "done", setId: id, rpe }),
        send: (idempotencyKey) => markDone(id, rpe, idempotencyKey),
        queued: (): DoneResult => ({ id, rpe, pb: false, name: "" }),
      }),
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
