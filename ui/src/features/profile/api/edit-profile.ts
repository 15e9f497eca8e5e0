import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys, type User } from "@/features/account";
import { apiFetch } from "@/lib/api-client";
import { profileKeys } from "./profile-keys";
import type { ProfileDetails } from "./types";

/** editProfile saves the whole profile; the server answers 200 with it. */
export function editProfile(details: ProfileDetails): Promise<ProfileDetails> {
  return apiFetch<ProfileDetails>("/api/users/edit", { method: "PUT", body: details });
}

/**
 * useEditProfile saves the profile. The cached user takes the saved fields at once, so the
 * header's name and icon change before any refetch; `me` is then refetched for what the server
 * derives (age, the logged-in name).
 */
export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProfile,
    onSuccess: (saved, sent) => {
      const details = { ...sent, ...pickDetails(saved) };
      queryClient.setQueryData(profileKeys.details(), details);
      queryClient.setQueryData<User | null>(accountKeys.me(), (user) => (user ? { ...user, ...details } : user));
      return queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}

// The answer may carry JSON-LD keys besides the profile; only the profile's fields are kept.
function pickDetails(saved: ProfileDetails | undefined): Partial<ProfileDetails> {
  if (!saved) return {};
  const { firstName, surname, dateOfBirth, gender, displayName, dashboardChart, icon, height } = saved;
  return { firstName, surname, dateOfBirth, gender, displayName, dashboardChart, icon, height };
}
