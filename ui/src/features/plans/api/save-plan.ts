import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notify } from "@/components/ui/notify";
import { apiFetch } from "@/lib/api-client";
import { planKeys } from "./plan-keys";
import type { Plan } from "./types";

/** PlanDetails are the fields of the plan form. */
export interface PlanDetails {
  name: string;
  notes: string;
}

/** addPlan creates a plan; the answer carries its id. */
export function addPlan(details: PlanDetails): Promise<Plan> {
  return apiFetch<Plan>("/api/plans/add", { method: "POST", body: details });
}

/** editPlan changes a plan's name and notes. */
export function editPlan(id: string, details: PlanDetails): Promise<Plan> {
  return apiFetch<Plan>("/api/plans/edit", { method: "PUT", body: { id, ...details } });
}

/** useSavePlan adds a plan (id null) or edits one; the lists and that plan are read again. */
export function useSavePlan(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: PlanDetails) => (id === null ? addPlan(details) : editPlan(id, details)),
    onSuccess: (plan) => {
      notify(id === null ? "Plan created." : "Plan saved.");
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
  });
}

/** deletePlan removes a plan with its exercises. */
export function deletePlan(id: string): Promise<void> {
  return apiFetch<void>(`/api/plans/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** useDeletePlan removes a plan; the lists are read again. */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    // The deleted plan's own queries are left alone: the page showing it is still open.
    onSuccess: () => {
      notify("Plan deleted.");
      return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
  });
}
