import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { progressKeys } from "./progress-keys";
import { withQuery } from "./query-string";
import type { MetricsAnswer, ProgressMetric, UserFilter } from "./types";

const metrics = (answer: MetricsAnswer): ProgressMetric[] => answer["hydra:member"][1];

/** getPersonalBests loads the Personal Bests pane: each exercise's first set against its best. */
export function getPersonalBests(user: UserFilter, signal?: AbortSignal): Promise<MetricsAnswer> {
  return apiFetch(withQuery("/api/exercise_logs/personal-bests", user), { signal });
}

/** personalBestsQueryOptions is the query of the Personal Bests pane's metrics. */
export function personalBestsQueryOptions(user: UserFilter) {
  return queryOptions({
    queryKey: progressKeys.personalBests(user),
    queryFn: ({ signal }) => getPersonalBests(user, signal),
    select: metrics,
  });
}

/** usePersonalBests gives the Personal Bests pane's metrics. */
export function usePersonalBests(user: UserFilter) {
  return useQuery(personalBestsQueryOptions(user));
}

/** getUserProgress loads the Size & Weight pane: the first weight and sizes against the latest. */
export function getUserProgress(user: UserFilter, signal?: AbortSignal): Promise<MetricsAnswer> {
  return apiFetch(withQuery("/api/users/progress", user), { signal });
}

/** userProgressQueryOptions is the query of the Size & Weight pane's metrics. */
export function userProgressQueryOptions(user: UserFilter) {
  return queryOptions({
    queryKey: progressKeys.metrics(user),
    queryFn: ({ signal }) => getUserProgress(user, signal),
    select: metrics,
  });
}

/** useUserProgress gives the Size & Weight pane's metrics. */
export function useUserProgress(user: UserFilter) {
  return useQuery(userProgressQueryOptions(user));
}
