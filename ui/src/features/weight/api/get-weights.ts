import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { WeightPage } from "./types";
import { weightKeys } from "./weight-keys";

/** getWeights loads one page (from 1) of the weight log, newest first. */
export function getWeights(page: number, signal?: AbortSignal): Promise<WeightPage> {
  return apiFetch<WeightPage>(`/api/weights/list?page=${page}`, { signal });
}

/** weightsQueryOptions is the query of one page of the weight log. */
export function weightsQueryOptions(page: number) {
  return queryOptions({
    queryKey: weightKeys.list(page),
    queryFn: ({ signal }) => getWeights(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** useWeights gives one page of the weight log. */
export function useWeights(page: number) {
  return useQuery(weightsQueryOptions(page));
}
