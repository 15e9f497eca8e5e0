import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { forgetInProgress } from "../model/in-progress";
import { workoutKeys } from "./workout-keys";

/** deleteWorkout removes a workout with its sets. */
export function deleteWorkout(id: string): Promise<void> {
  return apiFetch<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** useDeleteWorkout removes a workout; if it was the one in progress the banner goes too. */
export function useDeleteWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkout,
    onSuccess: (_answer, id) => {
      forgetInProgress(id);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.unfinished() }),
      ]);
    },
  });
}
