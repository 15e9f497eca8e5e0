import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** closeAccount closes the signed-in user's account for good; the server ends the session. */
export function closeAccount(userId: string): Promise<{ closed: boolean }> {
  return apiFetch("/api/users/delete", { method: "POST", body: { userId, accountClose: true } });
}

/**
 * useCloseAccount is the close-account mutation. It leaves the cache alone: the page reloads the
 * app at / afterwards, which drops everything held for the user at once.
 */
export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
