import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { coachingKeys } from "./coaching-keys";

/** removeClient ends the trainer's relationship with a client (204). */
export function removeClient(id: string): Promise<void> {
  return apiFetch(`/api/clients/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** useRemoveClient ends a relationship; the rows after it move up a page. */
export function useRemoveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coachingKeys.clientLists() }),
  });
}
