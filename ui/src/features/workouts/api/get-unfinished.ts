import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { StartedWorkout } from "./types";
import { workoutKeys } from "./workout-keys";

/** getUnfinished asks for the workout in progress; null when there is none (the API answers {}). */
export async function getUnfinished(signal?: AbortSignal): Promise<StartedWorkout | null> {
  const answer = await apiFetch<Partial<StartedWorkout> | undefined>("/api/sessions/unfinished", { signal });
  return answer && typeof answer.id === "string" ? { id: answer.id, start: answer.start ?? "" } : null;
}

/** unfinishedQueryOptions is the query of the workout in progress. */
export function unfinishedQueryOptions() {
  return queryOptions({
    queryKey: workoutKeys.unfinished(),
    queryFn: ({ signal }) => getUnfinished(signal),
  });
}

/** useUnfinished gives the workout in progress, or null. */
export function useUnfinished(enabled = true) {
  return useQuery({ ...unfinishedQueryOptions(), enabled });
}
