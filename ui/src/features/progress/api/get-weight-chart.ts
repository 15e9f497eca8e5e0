import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Unit } from "@/features/account";
import { apiFetch } from "@/lib/api-client";
import { toSeries } from "./chart-select";
import { progressKeys } from "./progress-keys";
import { withQuery } from "./query-string";
import type { ChartAnswer, ChartData, UserFilter } from "./types";

/** getWeightChart loads the latest 30 body weights, in the user's unit. */
export function getWeightChart(user: UserFilter, signal?: AbortSignal): Promise<ChartAnswer<ChartData>> {
  return apiFetch(withQuery("/api/weights/chart-data", user), { signal });
}

/** weightChartQueryOptions is the query of the weight chart, its axis labelled in `unit`. */
export function weightChartQueryOptions(user: UserFilter, unit: Unit) {
  return queryOptions({
    queryKey: progressKeys.weightChart(user),
    queryFn: ({ signal }) => getWeightChart(user, signal),
    select: toSeries(`Weight (${unit})`),
  });
}

/** useWeightChart gives the weight chart's series. */
export function useWeightChart(user: UserFilter, unit: Unit) {
  return useQuery(weightChartQueryOptions(user, unit));
}
