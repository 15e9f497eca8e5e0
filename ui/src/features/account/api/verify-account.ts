import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** Verification is the POST /api/users/verify payload. */
export interface Verification {
  userId: string;
  authCode: string;
}

/** verifyAccount checks the authorisation code e-mailed to the user. */
export function verifyAccount(verification: Verification): Promise<{ verified: boolean }> {
  return apiFetch("/api/users/verify", { method: "POST", body: verification });
}

/** useVerifyAccount is the verification mutation. */
export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
