import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { sizeKeys } from "./size-keys";
import type { SizeDetail } from "./types";

/** getSize loads one measurement. */
export function getSize(id: string, signal?: AbortSignal): Promise<SizeDetail> {
  return apiFetch<SizeDetail>(`/api/sizes/${encodeURIComponent(id)}`, { signal });
}

/** sizeQueryOptions is the query of one measurement. */
export function sizeQueryOptions(id: string) {
  return queryOptions({ queryKey: sizeKeys.detail(id), queryFn: ({ signal }) => getSize(id, signal) });
}

/** useSize gives one measurement. */
export function useSize(id: string) {
  return useQuery(sizeQueryOptions(id));
}
