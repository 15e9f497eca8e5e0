import { lazy, Suspense } from "react";
import { useUser } from "@/features/account";
import { browserTimeZone } from "./browser-time-zone";

// The server counts a user's days in UTC until a time zone is set.
const unsetTimeZone = "UTC";

// The call loads only for the user who needs it, so the app's first load does not carry it.
const TimeZoneSetter = lazy(() => import("./time-zone-setter"));

/**
 * DefaultTimeZone gives a verified user whose time zone was never set this device's time zone,
 * so "today" and "this week" on the dashboard are the user's own. A zone the user chose on the
 * profile is left alone.
 */
export function DefaultTimeZone() {
  const { data: user } = useUser();
  const device = browserTimeZone();
  if (!user?.isVerified || user.timeZone !== unsetTimeZone || device === unsetTimeZone) return null;
  return (
    <Suspense fallback={null}>
      <TimeZoneSetter timeZone={device} />
    </Suspense>
  );
}
