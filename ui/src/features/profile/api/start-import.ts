import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ImportJob, ImportRequest } from "./import-types";
import { profileKeys } from "./profile-keys";

/** startImport starts importing the file on the server; the job is then polled (importJobQuery). */
export function startImport(request: ImportRequest): Promise<ImportJob> {
  return apiFetch<ImportJob>("/api/imports", { method: "POST", body: request });
}

/** useStartImport starts an import and seeds its job's query with the first answer. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (job) => queryClient.setQueryData(profileKeys.importJob(job.id), job),
  });
}
