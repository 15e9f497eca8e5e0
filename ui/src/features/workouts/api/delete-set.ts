import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { workoutKeys } from "./workout-keys";

/** deleteSet removes a set or cardio entry. */
export function deleteSet(id: string): Promise<void> {
  return apiFetch<void>(`/api/exercise_logs/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** useDeleteSet removes a set; the workout and its sets are refetched (personal bests may move). */
export function useDeleteSet(workoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSet,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.sets(workoutId) }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.detail(workoutId) }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.snapshots() }),
      ]),
  });
}
