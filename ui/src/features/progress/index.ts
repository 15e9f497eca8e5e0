// The progress feature's public surface: the charts the dashboard shares.
export { useDurationChart } from "./api/get-duration-chart";
export { useWeightChart } from "./api/get-weight-chart";
export { progressKeys } from "./api/progress-keys";
// A client's personal bests and body measurements on the trainer's client page.
export { usePersonalBests, useUserProgress } from "./api/get-metrics";
export { MetricPane } from "./components/metric-pane";
