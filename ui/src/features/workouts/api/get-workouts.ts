import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { WorkoutPage } from "./types";
import { workoutKeys } from "./workout-keys";

/**
 * getWorkouts loads one page (from 1) of the user's workouts, newest first, or with user (the
 * trainer's name filter) a confirmed client's.
 */
export function getWorkouts(page: number, user = "", signal?: AbortSignal): Promise<WorkoutPage> {
  const filter = user ? `&userFilter=${encodeURIComponent(user)}` : "";
  return apiFetch<WorkoutPage>(`/api/sessions/list?page=${page}${filter}`, { signal });
}

/** workoutsQueryOptions is the query of one page of the workout list. */
export function workoutsQueryOptions(page: number, user = "") {
  return queryOptions({
    queryKey: workoutKeys.list(page, user),
    queryFn: ({ signal }) => getWorkouts(page, user, signal),
    placeholderData: keepPreviousData,
  });
}

/** useWorkouts gives one page of the workout list, the user's or a client's (user). */
export function useWorkouts(page: number, user = "") {
  return useQuery(workoutsQueryOptions(page, user));
}
