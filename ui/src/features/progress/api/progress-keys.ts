import type { UserFilter } from "./types";

/** progressKeys are the query keys of the progress panes and of every chart. */
export const progressKeys = {
  all: ["progress"] as const,
  user: (user: UserFilter) => [...progressKeys.all, { user: user ?? null }] as const,
  personalBests: (user: UserFilter) => [...progressKeys.user(user), "personal-bests"] as const,
  metrics: (user: UserFilter) => [...progressKeys.user(user), "metrics"] as const,
  charts: (user: UserFilter) => [...progressKeys.user(user), "chart"] as const,
  durationChart: (user: UserFilter) => [...progressKeys.charts(user), "duration"] as const,
  weightChart: (user: UserFilter) => [...progressKeys.charts(user), "weight"] as const,
  exerciseCharts: (user: UserFilter) => [...progressKeys.charts(user), "exercises"] as const,
  exerciseChart: (user: UserFilter, name: string) => [...progressKeys.exerciseCharts(user), name] as const,
  sizeCharts: (user: UserFilter) => [...progressKeys.charts(user), "sizes"] as const,
  sizeChart: (user: UserFilter, category: string) => [...progressKeys.sizeCharts(user), category] as const,
};
