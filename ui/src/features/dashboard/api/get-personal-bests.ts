import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { dashboardKeys } from "./dashboard-keys";
import type { PersonalBest } from "./types";

interface PersonalBestsAnswer {
  "hydra:member": PersonalBest[];
}

/** personalBestsQueryOptions is the query of each exercise's current best set, the most recent first. */
export function personalBestsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.personalBests(),
    queryFn: ({ signal }) => apiFetch<PersonalBestsAnswer>("/api/exercise_logs/pbs", { signal }),
    select: (answer: PersonalBestsAnswer) => answer["hydra:member"],
  });
}

/** usePersonalBests gives each exercise's current best set. */
export function usePersonalBests() {
  return useQuery(personalBestsQueryOptions());
}
