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

/** FromPlan starts a workout from a plan: its exercises' notes, its targets as sets to do. */
export interface FromPlan {
  plan: string;
}

/** StartFrom is where a workout starts from: a plan, an earlier workout, or nothing (Quick Start). */
export type StartFrom = FromWorkout | FromPlan | null;

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

/** startFromPlan starts a workout from a plan as it stands now. */
export function startFromPlan(from: FromPlan, startTime: string, date: string): Promise<StartedWorkout> {
  return apiFetch<StartedWorkout>("/api/sessions/start/from-plan", {
    method: "POST",
    body: { id: from.plan, startTime, date },
  });
}

function startFrom(from: StartFrom, startTime: string, date: string): Promise<StartedWorkout> {
  if (from === null) return startWorkout(startTime, date);
  return "plan" in from ? startFromPlan(from, startTime, date) : startFromWorkout(from, startTime, date);
}

/**
 * useStartWorkout starts a workout, from scratch, a plan or an earlier one, and keeps it as the
 * workout in progress so the banner shows at once.
 */
export function useStartWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, startTime, date }: { from: StartFrom; startTime: string; date: string }) =>
      startFrom(from, startTime, date),
    onSuccess: (started) => {
      rememberInProgress(started);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: workoutKeys.unfinished() }),
      ]);
    },
  });
}
