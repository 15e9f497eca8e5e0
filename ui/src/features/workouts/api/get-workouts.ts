import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { WorkoutPage } from "./types";
import { workoutKeys } from "./workout-keys";

/**
 * getWorkouts loads one page (from 1) of the user's workouts, newest first, or with user (the
 * trainer's name filter) a confirmed client's; afterTheDay keeps those changed after their day.
 */
export function getWorkouts(page: number, user = "", afterTheDay = false, signal?: AbortSignal): Promise<WorkoutPage> {
  const filter = user ? `&userFilter=${encodeURIComponent(user)}` : "";
  const late = afterTheDay ? "&changedAfterTheDay=true" : "";
  return apiFetch<WorkoutPage>(`/api/sessions/list?page=${page}${filter}${late}`, { signal });
}

/** workoutsQueryOptions is the query of one page of the workout list. */
export function workoutsQueryOptions(page: number, user = "", afterTheDay = false) {
  return queryOptions({
    queryKey: workoutKeys.list(page, user, afterTheDay),
    queryFn: ({ signal }) => getWorkouts(page, user, afterTheDay, signal),
    placeholderData: keepPreviousData,
  });
}

/** useWorkouts gives one page of the workout list, the user's or a client's (user). */
export function useWorkouts(page: number, user = "", afterTheDay = false) {
  return useQuery(workoutsQueryOptions(page, user, afterTheDay));
}
