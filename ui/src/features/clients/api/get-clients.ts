import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { coachingKeys } from "./coaching-keys";
import type { ClientRelationship, Paged } from "./types";

/** getClients loads one page (from 1) of the trainer's clients, newest request first. */
export function getClients(page: number, signal?: AbortSignal): Promise<Paged<ClientRelationship>> {
  return apiFetch(`/api/clients?page=${page}`, { signal });
}

/** clientsQueryOptions is the query of one page of the trainer's clients. */
export function clientsQueryOptions(page: number) {
  return queryOptions({
    queryKey: coachingKeys.clientList(page),
    queryFn: ({ signal }) => getClients(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** useClients gives one page of the trainer's clients. */
export function useClients(page: number) {
  return useQuery(clientsQueryOptions(page));
}
