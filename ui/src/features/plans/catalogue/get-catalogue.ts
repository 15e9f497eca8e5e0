import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { catalogueKeys } from "./catalogue-keys";
import type { CataloguePage } from "./types";

/** getCatalogue loads one page (from 1) of the published plans, newest first. */
export function getCatalogue(page: number, signal?: AbortSignal): Promise<CataloguePage> {
  return apiFetch<CataloguePage>(`/api/plans/catalogue?page=${page}`, { signal });
}

/** catalogueQueryOptions is the query of one page of the catalogue. */
export function catalogueQueryOptions(page: number) {
  return queryOptions({
    queryKey: catalogueKeys.page(page),
    queryFn: ({ signal }) => getCatalogue(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** useCatalogue gives one page of the catalogue. */
export function useCatalogue(page: number) {
  return useQuery(catalogueQueryOptions(page));
}
