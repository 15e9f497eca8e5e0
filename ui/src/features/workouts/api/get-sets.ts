import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

/** getSets loads every set of a workout, strength and cardio, in the order logged. */
export async function getSets(workoutId: string, signal?: AbortSignal): Promise<LoggedSet[]> {
  const answer = await apiFetch<{ "hydra:member": LoggedSet[] }>(
    `/api/exercise_logs/list/${encodeURIComponent(workoutId)}`,
    { signal },
  );
  return answer["hydra:member"];
}

/** setsQueryOptions is the query of a workout's sets. */
export function setsQueryOptions(workoutId: string) {
  return queryOptions({
    queryKey: workoutKeys.sets(workoutId),
    queryFn: ({ signal }) => getSets(workoutId, signal),
  });
}

/** useSets gives a workout's sets. */
export function useSets(workoutId: string) {
  return useQuery({ ...setsQueryOptions(workoutId), enabled: workoutId !== "" });
}
