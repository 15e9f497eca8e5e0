import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api-client";
import { accountKeys } from "./account-keys";
import type { User } from "./types";

/** getMe loads the signed-in user, or null when nobody is signed in. */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiFetch<User>("/api/users/user/me", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** meQueryOptions is the query of the signed-in user; mutations that change it invalidate it. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Infinity,
    // Asked even offline: the service worker answers with its copy (vite.config.ts).
    networkMode: "offlineFirst",
  });
}

/** useUser gives the signed-in user (null when signed out) and the query's state. */
export function useUser() {
  return useQuery(meQueryOptions());
}

/** loadUser fetches the signed-in user afresh, as sign-in, sign-up and verification do. */
export function loadUser(queryClient: QueryClient): Promise<User | null> {
  return queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
}
