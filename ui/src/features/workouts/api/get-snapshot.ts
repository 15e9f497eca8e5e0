import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Collection, LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/** SnapshotWhen picks this workout's sets (current) or the last workout's (previous). */
export type SnapshotWhen = "current" | "previous";

/** getSnapshot loads Know Before You Lift: an exercise's sets in this or the last workout. */
export async function getSnapshot(exercise: string, when: SnapshotWhen, workoutId: string, signal?: AbortSignal) {
  const path = `/api/exercise_logs/snapshot/${encodeURIComponent(exercise)}/${when}/${encodeURIComponent(workoutId)}`;
  const answer = await apiFetch<Collection<LoggedSet>>(path, { signal });
  return answer["hydra:member"];
}

/** snapshotQueryOptions is the query of one Know Before You Lift list. */
export function snapshotQueryOptions(exercise: string, when: SnapshotWhen, workoutId: string) {
  return queryOptions({
    queryKey: workoutKeys.snapshot(exercise, when, workoutId),
    queryFn: ({ signal }) => getSnapshot(exercise, when, workoutId, signal),
  });
}

/** useSnapshot gives one Know Before You Lift list. */
export function useSnapshot(exercise: string, when: SnapshotWhen, workoutId: string) {
  return useQuery(snapshotQueryOptions(exercise, when, workoutId));
}
