import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "@/lib/api-client";
import { withQueued } from "../model/queued-sets";
import { useQueuedChanges } from "../offline/sync";
import { setChangesRunning } from "./set-changes";
import type { LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/**
 * getSets loads every set of a workout, strength and cardio, in the order logged; fromServer
 * refuses the service worker's copy (api-client.ts).
 */
export async function getSets(workoutId: string, signal?: AbortSignal, fromServer = false): Promise<LoggedSet[]> {
  const answer = await apiFetch<{ "hydra:member": LoggedSet[] }>(
    `/api/exercise_logs/list/${encodeURIComponent(workoutId)}`,
    { signal, fromServer },
  );
  return answer["hydra:member"];
}

/** setsQueryOptions is the query of a workout's sets. */
export function setsQueryOptions(workoutId: string) {
  return queryOptions({
    queryKey: workoutKeys.sets(workoutId),
    queryFn: ({ signal }) => getSets(workoutId, signal),
    // Asked even offline: the service worker answers with its copy (vite.config.ts).
    networkMode: "offlineFirst",
  });
}

/**
 * useSets gives a workout's sets, with the changes queued on this device applied (rows marked
 * queued: offline/sync.ts). While changes to them are in flight the cached list, with their
 * pending rows, is kept: the last change to settle refetches it (a refetch on opening the workout
 * or returning to the tab before then would drop those rows until their answers came).
 */
export function useSets(workoutId: string) {
  const queryClient = useQueryClient();
  const queued = useQueuedChanges();
  const select = useCallback((sets: LoggedSet[]) => withQueued(workoutId, sets, queued), [workoutId, queued]);
  const idle = () => setChangesRunning(queryClient, workoutId) === 0;
  return useQuery({ ...setsQueryOptions(workoutId), select, enabled: workoutId !== "", refetchOnMount: idle, refetchOnWindowFocus: idle });
}
