import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { toSeries } from "./chart-select";
import { progressKeys } from "./progress-keys";
import { withQuery } from "./query-string";
import type { ChartAnswer, ChartData, NamesAnswer, UserFilter } from "./types";

/** getChartExercises loads the exercises done on two days or more: those that have a chart. */
export function getChartExercises(user: UserFilter, signal?: AbortSignal): Promise<NamesAnswer> {
  return apiFetch(withQuery("/api/exercise_logs/chart-enabled", user), { signal });
}

/** chartExercisesQueryOptions is the query of the repeated exercises' names. */
export function chartExercisesQueryOptions(user: UserFilter) {
  return queryOptions({
    queryKey: progressKeys.exerciseCharts(user),
    queryFn: ({ signal }) => getChartExercises(user, signal),
    select: (answer: NamesAnswer) => answer["hydra:member"],
  });
}

/** useChartExercises gives the names of the exercises that have a chart. */
export function useChartExercises(user: UserFilter) {
  return useQuery(chartExercisesQueryOptions(user));
}

/** getExerciseChart loads one exercise's best of each day (weight, or reps for bodyweight). */
export function getExerciseChart(user: UserFilter, name: string, signal?: AbortSignal): Promise<ChartAnswer<ChartData>> {
  return apiFetch(withQuery("/api/exercise_logs/chart-data", user, { name }), { signal });
}

/** exerciseChartQueryOptions is the query of one exercise's chart, its axis labelled `valueLabel`. */
export function exerciseChartQueryOptions(user: UserFilter, name: string, valueLabel: string) {
  return queryOptions({
    queryKey: progressKeys.exerciseChart(user, name),
    queryFn: ({ signal }) => getExerciseChart(user, name, signal),
    select: toSeries(valueLabel),
  });
}

/** useExerciseChart gives one exercise's chart series. */
export function useExerciseChart(user: UserFilter, name: string, valueLabel: string) {
  return useQuery(exerciseChartQueryOptions(user, name, valueLabel));
}
