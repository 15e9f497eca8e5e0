import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { WeightDetail } from "./types";
import { weightKeys } from "./weight-keys";

/** getWeight loads one weight entry. */
export function getWeight(id: string, signal?: AbortSignal): Promise<WeightDetail> {
  return apiFetch<WeightDetail>(`/api/weights/${encodeURIComponent(id)}`, { signal });
}

/** weightQueryOptions is the query of one weight entry. */
export function weightQueryOptions(id: string) {
  return queryOptions({
    queryKey: weightKeys.detail(id),
    queryFn: ({ signal }) => getWeight(id, signal),
  });
}

/** useWeight gives one weight entry. */
export function useWeight(id: string) {
  return useQuery(weightQueryOptions(id));
}
