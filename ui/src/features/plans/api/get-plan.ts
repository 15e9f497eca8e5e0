import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Collection } from "@/features/workouts";
import { apiFetch } from "@/lib/api-client";
import { planKeys } from "./plan-keys";
import type { Plan, UnusedMuscleGroup } from "./types";

/** getPlan loads one plan (a priced plan's preview to a reader who has not bought it). */
export function getPlan(id: string, signal?: AbortSignal): Promise<Plan> {
  return apiFetch<Plan>(`/api/plans/${encodeURIComponent(id)}`, { signal });
}

/** planQueryOptions is the query of one plan. */
export function planQueryOptions(id: string) {
  return queryOptions({ queryKey: planKeys.detail(id), queryFn: ({ signal }) => getPlan(id, signal) });
}

/** usePlan gives one plan. */
export function usePlan(id: string) {
  return useQuery(planQueryOptions(id));
}

/** getUnusedMuscleGroups loads the muscle groups a plan misses, with exercises that cover them. */
export async function getUnusedMuscleGroups(id: string, signal?: AbortSignal): Promise<UnusedMuscleGroup[]> {
  const answer = await apiFetch<Collection<UnusedMuscleGroup>>(`/api/plans/${encodeURIComponent(id)}/unused-muscle-groups`, {
    signal,
  });
  return answer["hydra:member"];
}

/** useUnusedMuscleGroups gives the overview's "Muscle groups not in plan"; only its owner asks. */
export function useUnusedMuscleGroups(id: string, enabled: boolean) {
  return useQuery({
    queryKey: planKeys.unusedMuscleGroups(id),
    queryFn: ({ signal }) => getUnusedMuscleGroups(id, signal),
    enabled,
  });
}
