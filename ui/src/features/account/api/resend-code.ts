import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** resendCode asks the server to e-mail a new verification code (a POST: it issues a new one). */
export function resendCode(): Promise<{ sent: boolean }> {
  return apiFetch("/api/users/verify/resend", { method: "POST", body: { resend: true } });
}

/** useResendCode is the resend mutation; its failure is not handled, as the spec says. */
export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
