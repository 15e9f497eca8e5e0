import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { User } from "./types";

/** Credentials are what the Login form sends. */
export interface Credentials {
  email: string;
  password: string;
}

/** login signs in; the server answers 401 for wrong credentials. */
export function login(credentials: Credentials): Promise<User> {
  return apiFetch<User>("/api/login", { method: "POST", body: credentials });
}

/** useLogin is the sign-in mutation. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
