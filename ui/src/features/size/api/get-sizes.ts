import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { sizeKeys } from "./size-keys";
import type { SizeCategory, SizePage } from "./types";

/** getSizes loads one page (from 1) of a category's size log, newest first. */
export function getSizes(category: SizeCategory, page: number, signal?: AbortSignal): Promise<SizePage> {
  return apiFetch<SizePage>(`/api/sizes/list?category=${encodeURIComponent(category)}&page=${page}`, { signal });
}

/** sizesQueryOptions is the query of one page of a category's size log. */
export function sizesQueryOptions(category: SizeCategory, page: number) {
  return queryOptions({
    queryKey: sizeKeys.list(category, page),
    queryFn: ({ signal }) => getSizes(category, page, signal),
  });
}

/** useSizes gives one page of a category's size log. */
export function useSizes(category: SizeCategory, page: number) {
  return useQuery(sizesQueryOptions(category, page));
}
