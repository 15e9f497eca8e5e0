import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** PasswordChange is the POST /api/users/change-password payload. */
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** changePassword sets a new password; the server then ends every session of the user. */
export function changePassword(change: PasswordChange): Promise<unknown> {
  return apiFetch("/api/users/change-password", { method: "POST", body: change });
}

/** useChangePassword is the change-password mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
