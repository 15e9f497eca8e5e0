import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiFetch } from "@/lib/api-client";
import { accountKeys } from "./account-keys";

/** logout ends the server session. */
export function logout(): Promise<{ loggedOut: boolean }> {
  return apiFetch("/logout");
}

/**
 * useLogout signs out, forgets everything cached for the user and goes to /signin. A failure
 * is only logged, as the spec says.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(accountKeys.me(), null);
      void navigate("/signin", { replace: true });
    },
    onError: (error) => {
      console.error("Logout failed", error);
    },
  });
}
