import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys } from "@/features/account";
import { apiFetch } from "@/lib/api-client";
import { weightKeys } from "./weight-keys";

/** deleteWeight removes one weight entry (204). */
export function deleteWeight(id: string): Promise<void> {
  return apiFetch<void>(`/api/weights/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * useDeleteWeight removes a weight entry. Differences shift across every page of the list and
 * the user's current weight may change, so both are invalidated. The entry's own query is left
 * alone: the confirmation page still shows it until it navigates away.
 */
export function useDeleteWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWeight,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: weightKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
      ]),
  });
}
