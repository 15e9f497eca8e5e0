import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { planKeys } from "./plan-keys";
import type { Plan, PlanPage } from "./types";

/** plansPath is a plan list's path with the page and the user filter (user.displayName) set. */
function plansPath(path: string, user: string, page?: number): string {
  const query = new URLSearchParams();
  if (page !== undefined) query.set("page", String(page));
  if (user !== "") query.set("user.displayName", user);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** getPlans loads one page (from 1) of the plans, of user when a trainer filters by a client. */
export function getPlans(page: number, user: string, signal?: AbortSignal): Promise<PlanPage> {
  return apiFetch<PlanPage>(plansPath("/api/plans/list", user, page), { signal });
}

/** plansQueryOptions is the query of one page of the plan list. */
export function plansQueryOptions(page: number, user: string) {
  return queryOptions({
    queryKey: planKeys.list(page, user),
    queryFn: ({ signal }) => getPlans(page, user, signal),
    placeholderData: keepPreviousData,
  });
}

/** usePlans gives one page of the plan list. */
export function usePlans(page: number, user: string) {
  return useQuery(plansQueryOptions(page, user));
}

/** getAllPlans loads every plan, unpaged, as the grid shows them. */
export async function getAllPlans(user: string, signal?: AbortSignal): Promise<Plan[]> {
  const answer = await apiFetch<PlanPage>(plansPath("/api/plans/all", user), { signal });
  return answer["hydra:member"];
}

/** useAllPlans gives every plan for the grid. */
export function useAllPlans(user: string) {
  return useQuery(queryOptions({ queryKey: planKeys.grid(user), queryFn: ({ signal }) => getAllPlans(user, signal) }));
}
