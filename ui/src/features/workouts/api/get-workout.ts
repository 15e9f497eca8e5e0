import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Workout } from "./types";
import { workoutKeys } from "./workout-keys";

/** getWorkout loads one workout; fromServer refuses the service worker's copy (api-client.ts). */
export function getWorkout(id: string, signal?: AbortSignal, fromServer = false): Promise<Workout> {
  return apiFetch<Workout>(`/api/sessions/${encodeURIComponent(id)}`, { signal, fromServer });
}

/** workoutQueryOptions is the query of one workout. */
export function workoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: workoutKeys.detail(id),
    queryFn: ({ signal }) => getWorkout(id, signal),
    // Asked even offline: the service worker answers with its copy (vite.config.ts).
    networkMode: "offlineFirst",
  });
}

/** useWorkout gives one workout. */
export function useWorkout(id: string) {
  return useQuery({ ...workoutQueryOptions(id), enabled: id !== "" });
}
