import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { dashboardKeys } from "./dashboard-keys";
import type { AverageDuration, AverageWeekCount, DaysSinceLast } from "./types";

/** averageDurationQueryOptions is the query of the mean workout duration, in minutes. */
export function averageDurationQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.averageDuration(),
    queryFn: ({ signal }) => apiFetch<AverageDuration>("/api/sessions/time/average-duration", { signal }),
    select: (answer: AverageDuration) => answer.averageDuration,
  });
}

/** averageWeekCountQueryOptions is the query of the workouts a week. */
export function averageWeekCountQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.averageWeekCount(),
    queryFn: ({ signal }) => apiFetch<AverageWeekCount>("/api/sessions/time/average-week-count", { signal }),
    select: (answer: AverageWeekCount) => answer.averageWeekCount,
  });
}

/** daysSinceLastQueryOptions is the query of the days since the latest workout. */
export function daysSinceLastQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.daysSinceLast(),
    queryFn: ({ signal }) => apiFetch<DaysSinceLast>("/api/sessions/time/days-since-last", { signal }),
    select: (answer: DaysSinceLast) => answer.daysSinceLast,
  });
}

/** useTimeWidgets gives the time widget's three figures, each null until known or when it failed. */
export function useTimeWidgets() {
  const averageDuration = useQuery(averageDurationQueryOptions());
  const averageWeekCount = useQuery(averageWeekCountQueryOptions());
  const daysSinceLast = useQuery(daysSinceLastQueryOptions());
  return {
    isPending: averageDuration.isPending || averageWeekCount.isPending || daysSinceLast.isPending,
    averageDuration: averageDuration.data ?? null,
    averageWeekCount: averageWeekCount.data ?? null,
    daysSinceLast: daysSinceLast.data ?? null,
  };
}
