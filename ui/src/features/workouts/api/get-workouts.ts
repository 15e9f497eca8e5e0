import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { WorkoutPage } from "./types";
import { workoutKeys } from "./workout-keys";

/** getWorkouts loads one page (from 1) of the user's workouts, newest first. */
export function getWorkouts(page: number, signal?: AbortSignal): Promise<WorkoutPage> {
  return apiFetch<WorkoutPage>(`/api/sessions/list?page=${page}`, { signal });
}

/** workoutsQueryOptions is the query of one page of the workout list. */
export function workoutsQueryOptions(page: number) {
  return queryOptions({
    queryKey: workoutKeys.list(page),
    queryFn: ({ signal }) => getWorkouts(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** useWorkouts gives one page of the workout list. */
export function useWorkouts(page: number) {
  return useQuery(workoutsQueryOptions(page));
}
