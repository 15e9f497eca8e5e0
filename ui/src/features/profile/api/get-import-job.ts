import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "@/lib/api-client";
import type { ImportJob } from "./import-types";
import { profileKeys } from "./profile-keys";

/** How often a running import's progress is asked for. */
export const importPollMs = 500;

/** getImportJob reads an import's progress and, once done, its result. */
export function getImportJob(id: string): Promise<ImportJob> {
  return apiFetch<ImportJob>(`/api/imports/${encodeURIComponent(id)}`);
}

/** importJobQuery polls an import while it runs. */
export function importJobQuery(id: string) {
  return queryOptions({
    queryKey: profileKeys.importJob(id),
    queryFn: () => getImportJob(id),
    refetchInterval: (query) => (query.state.data?.status === "running" ? importPollMs : false),
  });
}

/**
 * useImportJob follows an import; when it has finished, every cached query is refetched, since
 * the workouts, progress and body logs the app shows have grown.
 */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...importJobQuery(id ?? ""), enabled: id !== null });
  const finished = query.data?.status === "done";
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== profileKeys.all[0] });
  }, [finished, queryClient]);
  return query;
}
