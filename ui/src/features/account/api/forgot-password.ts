import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** sendPasswordCode e-mails a password-reset code; the answer is the same for any address. */
export function sendPasswordCode(email: string): Promise<unknown> {
  return apiFetch("/api/users/forgot-password/send-code", { method: "POST", body: { email } });
}

/** PasswordCode is the e-mail and the code a user typed, as the reset calls send them. */
export interface PasswordCode {
  email: string;
  passwordCode: string;
}

/** verifyPasswordCode checks a password-reset code before the new password is asked for. */
export function verifyPasswordCode(code: PasswordCode): Promise<unknown> {
  return apiFetch("/api/users/forgot-password/verify-code", { method: "POST", body: code });
}

/** PasswordReset is the POST /api/users/forgot-password/set-password payload. */
export interface PasswordReset extends PasswordCode {
  newPassword: string;
  confirmPassword: string;
}

/** setPassword sets the new password with a checked code. */
export function setPassword(reset: PasswordReset): Promise<unknown> {
  return apiFetch("/api/users/forgot-password/set-password", { method: "POST", body: reset });
}

/** useSendPasswordCode is the first step of the forgot-password flow. */
export function useSendPasswordCode() {
  return useMutation({ mutationFn: sendPasswordCode });
}

/** useVerifyPasswordCode is the second step of the forgot-password flow. */
export function useVerifyPasswordCode() {
  return useMutation({ mutationFn: verifyPasswordCode });
}

/** useSetPassword is the last step of the forgot-password flow. */
export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
