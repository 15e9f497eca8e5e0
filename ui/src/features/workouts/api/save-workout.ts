import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { forgetInProgress } from "../model/in-progress";
import type { Workout } from "./types";
import { workoutKeys } from "./workout-keys";

/** WorkoutFields are the fields of the edit, finish and add-past form. */
export interface WorkoutFields {
  name: string | null;
  date: string | null;
  startTime: string | null;
  finishTime: string | null;
  /**
   * What the lifter wrote about the workout, "" for none. The form always sends it: an edit
   * without notes keeps the workout's, so leaving them out could not clear them.
   */
  notes: string;
}

/** addPastWorkout logs a workout that already happened (201). */
export function addPastWorkout(fields: WorkoutFields): Promise<Workout> {
  return apiFetch<Workout>("/api/sessions/add", { method: "POST", body: fields });
}

/** editWorkout changes a workout; a finish time finishes it, dropping the sets not done. */
export function editWorkout(id: string, fields: WorkoutFields): Promise<unknown> {
  return apiFetch<unknown>("/api/sessions/edit", { method: "PUT", body: { id, ...fields } });
}

/**
 * useSaveWorkout adds, edits or finishes a workout. Saving forgets the workout in progress, as
 * the spec says; the workout, its sets and the list are refetched.
 */
export function useSaveWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: WorkoutFields }) =>
      id === null ? addPastWorkout(fields) : editWorkout(id, fields),
    onSuccess: (_answer, { id, fields }) => {
      if (id === null || fields.finishTime) forgetInProgress();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.unfinished() }),
        id === null ? undefined : queryClient.invalidateQueries({ queryKey: workoutKeys.detail(id) }),
        id === null ? undefined : queryClient.invalidateQueries({ queryKey: workoutKeys.sets(id) }),
      ]);
    },
  });
}
