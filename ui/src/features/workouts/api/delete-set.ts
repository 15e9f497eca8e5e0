import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { refreshAfterSetChange } from "./set-changes";
import { workoutKeys } from "./workout-keys";

/** deleteSet removes a set or cardio entry. */
export function deleteSet(id: string): Promise<void> {
  return apiFetch<void>(`/api/exercise_logs/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * useDeleteSet removes a set; the workout and its sets are refetched (personal bests may move)
 * once no other change to the sets is in flight.
 */
export function useDeleteSet(workoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: workoutKeys.setChanges(workoutId),
    mutationFn: deleteSet,
    onSettled: () => refreshAfterSetChange(queryClient, workoutId),
  });
}
