import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { toSeries } from "./chart-select";
import { progressKeys } from "./progress-keys";
import { withQuery } from "./query-string";
import type { ChartAnswer, ChartData, NamesAnswer, UserFilter } from "./types";

/** The size charts' axis label, as the spec gives it. */
export const sizeValueLabel = "Measurement (cm)";

/** getChartSizeCategories loads the size categories measured twice or more: those with a chart. */
export function getChartSizeCategories(user: UserFilter, signal?: AbortSignal): Promise<NamesAnswer> {
  return apiFetch(withQuery("/api/sizes/chart-enabled", user), { signal });
}

/** chartSizeCategoriesQueryOptions is the query of the repeated size categories. */
export function chartSizeCategoriesQueryOptions(user: UserFilter) {
  return queryOptions({
    queryKey: progressKeys.sizeCharts(user),
    queryFn: ({ signal }) => getChartSizeCategories(user, signal),
    select: (answer: NamesAnswer) => answer["hydra:member"],
  });
}

/** useChartSizeCategories gives the size categories that have a chart. */
export function useChartSizeCategories(user: UserFilter) {
  return useQuery(chartSizeCategoriesQueryOptions(user));
}

/** getSizeChart loads the latest 30 measurements of one category, in cm. */
export function getSizeChart(user: UserFilter, category: string, signal?: AbortSignal): Promise<ChartAnswer<ChartData>> {
  return apiFetch(withQuery("/api/sizes/chart-data", user, { category }), { signal });
}

/** sizeChartQueryOptions is the query of one size category's chart. */
export function sizeChartQueryOptions(user: UserFilter, category: string) {
  return queryOptions({
    queryKey: progressKeys.sizeChart(user, category),
    queryFn: ({ signal }) => getSizeChart(user, category, signal),
    select: toSeries(sizeValueLabel),
  });
}

/** useSizeChart gives one size category's chart series. */
export function useSizeChart(user: UserFilter, category: string) {
  return useQuery(sizeChartQueryOptions(user, category));
}
