import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { rememberInProgress } from "../model/in-progress";
import type { StartedWorkout } from "./types";
import { workoutKeys } from "./workout-keys";

/** FromWorkout starts a copy of an earlier workout, adding weight or reps to every set. */
export interface FromWorkout {
  id: string;
  plusWeight: number;
  plusReps: number;
}

/** startWorkout starts an empty workout now (Quick Start), at the user's local date and time. */
export function startWorkout(startTime: string, date: string): Promise<StartedWorkout> {
  return apiFetch<StartedWorkout>("/api/sessions/start", { method: "POST", body: { startTime, date } });
}

/** startFromWorkout starts a copy of an earlier workout with the chosen increment. */
export function startFromWorkout(from: FromWorkout, startTime: string, date: string): Promise<StartedWorkout> {
  return apiFetch<StartedWorkout>("/api/sessions/start/from-session", {
    method: "POST",
    body: { ...from, startTime, date },
  });
}

/**
 * useStartWorkout starts a workout, from scratch or from an earlier one, and keeps it as the
 * workout in progress so the banner shows at once.
 */
export function useStartWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, startTime, date }: { from: FromWorkout | null; startTime: string; date: string }) =>
      from ? startFromWorkout(from, startTime, date) : startWorkout(startTime, date),
    onSuccess: (started) => {
      rememberInProgress(started);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.unfinished() }),
      ]);
    },
  });
}
