import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { coachingKeys } from "./coaching-keys";
import type { ClientRelationship } from "./types";

/** addClient asks the person at `email` to become the trainer's client; 201 with the new row. */
export function addClient(email: string): Promise<ClientRelationship> {
  return apiFetch("/api/clients/add", { method: "POST", body: { email } });
}

/** useAddClient sends a client request; the new row may land on any page of the list. */
export function useAddClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coachingKeys.clientLists() }),
  });
}
