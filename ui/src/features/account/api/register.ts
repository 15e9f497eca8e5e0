import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Gender, Unit, User } from "./types";

/** Registration is the POST /api/users/register payload. */
export interface Registration {
  firstName: string;
  surname: string;
  dateOfBirth: string | null;
  weight: number | null;
  gender: Gender | null;
  unit: Unit;
  email: string;
  password: string;
  confirmPassword: string;
}

/** register creates the account and signs the new user in. */
export function register(registration: Registration): Promise<User> {
  return apiFetch<User>("/api/users/register", { method: "POST", body: registration });
}

/** useRegister is the sign-up mutation. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
