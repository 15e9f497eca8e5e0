import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { accountKeys } from "./account-keys";

/** EmailChange is the POST /api/users/change-email payload. */
export interface EmailChange {
  password: string;
  email: string;
}

/** changeEmail moves the account to a new address, which must then be verified again. */
export function changeEmail(change: EmailChange): Promise<unknown> {
  return apiFetch("/api/users/change-email", { method: "POST", body: change });
}

/**
 * useChangeEmail is the change-email mutation. The user is loaded afresh afterwards: the address
 * and the verified flag both changed.
 */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}
