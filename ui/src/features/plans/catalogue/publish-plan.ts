import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notify } from "@/components/ui/notify";
import { apiFetch } from "@/lib/api-client";
import { planKeys } from "../api/plan-keys";
import { catalogueKeys } from "./catalogue-keys";
import type { ListedPlan, Listing } from "./types";

/** publishPlan puts a plan in the catalogue with listing, or changes its listing. */
export function publishPlan(planId: string, listing: Listing): Promise<ListedPlan> {
  return apiFetch<ListedPlan>(`/api/plans/${encodeURIComponent(planId)}/publish`, { method: "PUT", body: listing });
}

/** unpublishPlan takes a plan out of the catalogue. */
export function unpublishPlan(planId: string): Promise<ListedPlan> {
  return apiFetch<ListedPlan>(`/api/plans/${encodeURIComponent(planId)}/publish`, { method: "DELETE" });
}

/**
 * usePublishPlan publishes (or, given null, unpublishes) a plan and refreshes the catalogue and
 * the plan (its page then offers "Save listing" and "Unpublish").
 */
export function usePublishPlan(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: Listing | null) => (listing === null ? unpublishPlan(planId) : publishPlan(planId, listing)),
    onSuccess: async (_plan, listing) => {
      notify(listing === null ? "Plan taken off the catalogue." : "Listing saved.");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueKeys.pages() }),
        queryClient.invalidateQueries({ queryKey: planKeys.detail(planId), exact: true }),
      ]);
    },
  });
}
