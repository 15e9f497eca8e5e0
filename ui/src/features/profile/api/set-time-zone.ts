import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys, type User } from "@/features/account";
import { dashboardKeys } from "@/features/dashboard";
import { progressKeys } from "@/features/progress";
import { apiFetch } from "@/lib/api-client";

/** TimeZoneBody is what PUT /api/users/time-zone takes and answers. */
export interface TimeZoneBody {
  timeZone: string;
}

/** setTimeZone sets the IANA time zone the user's days are counted in. */
export function setTimeZone(timeZone: string): Promise<TimeZoneBody> {
  return apiFetch<TimeZoneBody>("/api/users/time-zone", { method: "PUT", body: { timeZone } });
}

/**
 * useSetTimeZone sets the user's time zone. The cached user takes it at once; the dashboard and
 * progress figures count days in it, so every cached one of them is refetched.
 */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimeZone,
    onSuccess: ({ timeZone }) => {
      queryClient.setQueryData<User | null>(accountKeys.me(), (user) => (user ? { ...user, timeZone } : user));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
      ]);
    },
  });
}
