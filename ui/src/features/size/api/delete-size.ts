import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { sizeKeys } from "./size-keys";
import type { SizeCategory } from "./types";

/** deleteSize removes one measurement (204). */
export function deleteSize(id: string): Promise<void> {
  return apiFetch<void>(`/api/sizes/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * useDeleteSize removes a measurement. Differences shift across every page of its category, so
 * that category's lists are invalidated; the entry's own query stays for the confirmation page.
 */
export function useDeleteSize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; category: SizeCategory }) => deleteSize(id),
    onSuccess: (_result, { category }) => queryClient.invalidateQueries({ queryKey: sizeKeys.category(category) }),
  });
}
