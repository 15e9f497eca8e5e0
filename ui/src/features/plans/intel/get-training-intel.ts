import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { TrainingIntel } from "./types";

/** intelKeys are the query keys of Training Intel. */
export const intelKeys = {
  all: ["plans", "intel"] as const,
  exercise: (name: string) => [...intelKeys.all, name.trim().toLowerCase()] as const,
};

/** getTrainingIntel loads the user's previous performance of an exercise. */
export function getTrainingIntel(name: string, signal?: AbortSignal): Promise<TrainingIntel> {
  return apiFetch<TrainingIntel>(`/api/plan_exercises/intel?name=${encodeURIComponent(name.trim())}`, { signal });
}

/** trainingIntelQueryOptions is the query of one exercise's Training Intel. */
export function trainingIntelQueryOptions(name: string) {
  return queryOptions({
    queryKey: intelKeys.exercise(name),
    queryFn: ({ signal }) => getTrainingIntel(name, signal),
    enabled: name.trim() !== "",
  });
}

/** useTrainingIntel gives one exercise's Training Intel. */
export function useTrainingIntel(name: string) {
  return useQuery(trainingIntelQueryOptions(name));
}
