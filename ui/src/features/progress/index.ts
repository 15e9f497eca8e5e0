// The progress feature's public surface: the charts the dashboard shares.
export { useDurationChart } from "./api/get-duration-chart";
export { useWeightChart } from "./api/get-weight-chart";
export { progressKeys } from "./api/progress-keys";
