import type { User } from "@/features/account";
import { withClientFilter } from "@/lib/client-filter";

/** NavItem is one entry of the header's navigation. */
export interface NavItem {
  label: string;
  to: string;
  /** A count shown beside the label (pending trainer requests). */
  badge?: number;
}

/**
 * mainNavItems are the signed-in header links, by the user's roles. A trainer following a
 * client (clientFilter, see lib/client-filter.ts) keeps following them on Plans, Workouts and
 * Progress.
 */
export function mainNavItems(user: User, clientFilter = ""): NavItem[] {
  const follow = (to: string) => (user.trainer ? withClientFilter(to, clientFilter) : to);
  const items: NavItem[] = [
    { label: "Dashboard", to: "/dashboard" },
    { label: "Plans", to: follow("/plan") },
    { label: "Workouts", to: follow("/workouts") },
    { label: "Progress", to: follow("/progress") },
  ];
  if (user.trainer) items.push({ label: "Clients", to: "/client" });
  // A new client has no trainer yet but must reach /trainer to accept the first request.
  if (user.trainersClient || user.pendingTrainers > 0) {
    items.push({ label: "Trainer", to: "/trainer", ...(user.pendingTrainers > 0 && { badge: user.pendingTrainers }) });
  }
  return items;
}

/** userMenuItems are the user menu's links (Logout is an action, not a link). */
export function userMenuItems(user: User): NavItem[] {
  const items: NavItem[] = [
    { label: "Profile", to: "/profile/view" },
    { label: "Weight", to: "/weight/list" },
    { label: "Size", to: "/size/list/Arms" },
    { label: "Calorie Calculator", to: "/tools/calorie-calculator" },
  ];
  if (!user.trainer) items.push({ label: "Upgrade", to: "/profile/user/upgrade" });
  return items;
}

/** The signed-out Tools menu. */
export const toolItems: NavItem[] = [{ label: "Calorie Calculator", to: "/tools/calorie-calculator" }];

/** userName is the name the header shows: the display name, else the logged-in name. */
export function userName(user: User): string {
  return user.displayName || user.loggedInName;
}
