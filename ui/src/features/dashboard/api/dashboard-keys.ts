/** dashboardKeys are the query keys of the dashboard's widgets and muscle-group chart. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  time: () => [...dashboardKeys.all, "time"] as const,
  averageDuration: () => [...dashboardKeys.time(), "average-duration"] as const,
  averageWeekCount: () => [...dashboardKeys.time(), "average-week-count"] as const,
  daysSinceLast: () => [...dashboardKeys.time(), "days-since-last"] as const,
  muscleGroupChart: () => [...dashboardKeys.all, "muscle-group-chart"] as const,
  personalBests: () => [...dashboardKeys.all, "personal-bests"] as const,
};
