import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { profileKeys } from "./profile-keys";
import type { ProfileDetails } from "./types";

/** getProfile loads the profile form's data. */
export function getProfile(signal?: AbortSignal): Promise<ProfileDetails> {
  return apiFetch<ProfileDetails>("/api/users/user/sub-set", { signal });
}

/** profileQueryOptions is the query of the profile form's data. */
export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.details(), queryFn: ({ signal }) => getProfile(signal) });
}

/** useProfile gives the profile form's data. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
