import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { sendOrQueue, setLabel } from "../offline/sync";
import { refreshAfterSetChange } from "./set-changes";
import { workoutKeys } from "./workout-keys";

/** deleteSet removes a set or cardio entry. */
export function deleteSet(id: string, idempotencyKey?: string): Promise<void> {
  return apiFetch<void>(`/api/exercise_logs/${encodeURIComponent(id)}`, { method: "DELETE", idempotencyKey });
}

/**
 * useDeleteSet removes a set; the workout and its sets are refetched (personal bests may move)
 * once no other change to the sets is in flight. Offline the change is queued on the device
 * (offline/sync.ts).
 */
export function useDeleteSet(workoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: workoutKeys.setChanges(workoutId),
    networkMode: "always",
    mutationFn: (id: string) =>
      sendOrQueue(queryClient, {
        workoutId,
        label: setLabel(queryClient, workoutId, id),
        change: () => Promise.resolve({ type: "delete", setId: id }),
        send: (idempotencyKey) => deleteSet(id, idempotencyKey),
        queued: () => undefined,
      }),
    onSettled: () => refreshAfterSetChange(queryClient, workoutId),
  });
}
