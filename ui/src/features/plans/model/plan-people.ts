import type { User } from "@/features/account";
import type { Plan } from "../api/types";

/**
 * byName is who made the plan, as the By column shows it: their display name; for the reader's
 * own plan without one, the name the header shows them by.
 */
export function byName(plan: Plan, reader: User | null | undefined): string {
  if (plan.createdByDisplayName) return plan.createdByDisplayName;
  if (reader && plan.createdBy === reader.id) return reader.displayName || reader.loggedInName;
  return "–";
}

/** forNames are the clients the plan was created for, as the For column shows them. */
export function forNames(plan: Plan): string {
  return plan.createdFor.join(", ");
}

/** showsForColumn: For is for trainers only, and only when any plan was created for someone. */
export function showsForColumn(plans: readonly Plan[], user: Pick<User, "trainer">): boolean {
  return user.trainer && plans.some((plan) => plan.createdFor.length > 0);
}
