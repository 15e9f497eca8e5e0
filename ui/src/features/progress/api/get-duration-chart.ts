import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { toDurationSeries } from "./chart-select";
import { progressKeys } from "./progress-keys";
import { withQuery } from "./query-string";
import type { ChartAnswer, DurationChartData, UserFilter } from "./types";

/** getDurationChart loads the minutes trained a day, for the latest 30 days with a workout. */
export function getDurationChart(user: UserFilter, signal?: AbortSignal): Promise<ChartAnswer<DurationChartData>> {
  return apiFetch(withQuery("/api/sessions/chart-data", user), { signal });
}

/** durationChartQueryOptions is the query of the daily-duration chart, shaped for drawing. */
export function durationChartQueryOptions(user: UserFilter) {
  return queryOptions({
    queryKey: progressKeys.durationChart(user),
    queryFn: ({ signal }) => getDurationChart(user, signal),
    select: toDurationSeries,
  });
}

/** useDurationChart gives the daily-duration chart's series. */
export function useDurationChart(user: UserFilter) {
  return useQuery(durationChartQueryOptions(user));
}
