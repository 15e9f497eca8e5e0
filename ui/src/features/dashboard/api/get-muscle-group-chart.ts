import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChartSeries } from "@/components/ui/charts/chart-series";
import { apiFetch } from "@/lib/api-client";
import { dashboardKeys } from "./dashboard-keys";
import type { MuscleGroupChartData } from "./types";

interface MuscleGroupChartAnswer {
  "hydra:member": MuscleGroupChartData;
}

function toSeries({ "hydra:member": [labels, values] }: MuscleGroupChartAnswer): ChartSeries {
  return {
    valueLabel: "Sets",
    points: labels.map((label, i) => ({ label, tick: label, value: values[i] ?? 0 })),
    trend: labels.map(() => null),
    average: null,
  };
}

/** muscleGroupChartQueryOptions is the query of the sets each muscle group had in the past month. */
export function muscleGroupChartQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.muscleGroupChart(),
    queryFn: ({ signal }) => apiFetch<MuscleGroupChartAnswer>("/api/muscle-groups/chart-data", { signal }),
    select: toSeries,
  });
}

/** useMuscleGroupChart gives the muscle-group chart's series. */
export function useMuscleGroupChart() {
  return useQuery(muscleGroupChartQueryOptions());
}
