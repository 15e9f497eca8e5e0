import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { useSets } from "./get-sets";
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

/** ListedSet is one set of a workout as useSetOf gives it. */
export interface ListedSet {
  data: LoggedSet | undefined;
  isPending: boolean;
  error: Error | null;
}

/**
 * useSetOf gives one set of a workout: the row of the workout's list when it is there (with the
 * changes queued on this device, so a set logged offline can be edited or deleted offline), else
 * the set on its own. Without an id there is nothing to load.
 */
export function useSetOf(workoutId: string, id: string | undefined): ListedSet {
  const sets = useSets(workoutId);
  const listed = id === undefined ? undefined : sets.data?.find((set) => set.id === id);
  const single = useSet(sets.isPending || listed ? undefined : id);
  if (id === undefined) return { data: undefined, isPending: false, error: null };
  if (listed) return { data: listed, isPending: false, error: null };
  if (sets.isPending) return { data: undefined, isPending: true, error: null };
  return { data: single.data, isPending: single.isPending, error: single.error };
}
