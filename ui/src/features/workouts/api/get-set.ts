import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/** getSet loads one set. */
export function getSet(id: string, signal?: AbortSignal): Promise<LoggedSet> {
  return apiFetch<LoggedSet>(`/api/exercise_logs/${encodeURIComponent(id)}`, { signal });
}

/** setQueryOptions is the query of one set. */
export function setQueryOptions(id: string) {
  return queryOptions({ queryKey: workoutKeys.set(id), queryFn: ({ signal }) => getSet(id, signal) });
}

/** useSet gives one set; disabled without an id (add mode). */
export function useSet(id: string | undefined) {
  return useQuery({ ...setQueryOptions(id ?? ""), enabled: id !== undefined && id !== "" });
}
