import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { coachingKeys } from "./coaching-keys";
import type { Paged, TrainerRelationship } from "./types";

/** getTrainers loads one page (from 1) of the signed-in user's trainers. */
export function getTrainers(page: number, signal?: AbortSignal): Promise<Paged<TrainerRelationship>> {
  return apiFetch(`/api/trainers?page=${page}`, { signal });
}

/** trainersQueryOptions is the query of one page of the user's trainers. */
export function trainersQueryOptions(page: number) {
  return queryOptions({
    queryKey: coachingKeys.trainerList(page),
    queryFn: ({ signal }) => getTrainers(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** useTrainers gives one page of the user's trainers. */
export function useTrainers(page: number) {
  return useQuery(trainersQueryOptions(page));
}
