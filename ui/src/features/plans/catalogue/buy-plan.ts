import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** Purchase is the POST /api/plans/buy payload: the plan and the PayPal order that paid for it. */
export interface Purchase {
  planId: string;
  orderId: string;
}

/** buyPlan asks the server to check the captured order with PayPal and give the user the plan. */
export function buyPlan(purchase: Purchase): Promise<unknown> {
  return apiFetch<unknown>("/api/plans/buy", { method: "POST", body: purchase });
}

/** useBuyPlan records a purchase; the page reloads after it, so nothing is cached by hand. */
export function useBuyPlan() {
  return useMutation({ mutationFn: buyPlan });
}
