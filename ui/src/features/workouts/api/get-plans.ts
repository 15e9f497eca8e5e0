import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { PlanPage } from "./types";
import { workoutKeys } from "./workout-keys";

/** getPlans loads one page (from 1) of the plans a workout can start from. */
export function getPlans(page: number, signal?: AbortSignal): Promise<PlanPage> {
  return apiFetch<PlanPage>(`/api/plans/list?page=${page}`, { signal });
}

/** plansQueryOptions is the query of one page of the start-from-plan list. */
export function plansQueryOptions(page: number) {
  return queryOptions({
    queryKey: workoutKeys.plans(page),
    queryFn: ({ signal }) => getPlans(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** usePlans gives one page of the plans to start a workout from. */
export function usePlans(page: number) {
  return useQuery(plansQueryOptions(page));
}
