/**
 * ChartData is the `hydra:member` of a chart-data answer: dates (oldest first), one value a date,
 * the average repeated once a date, the least-squares trend once a date, and the user's name.
 */
export type ChartData = [labels: string[], values: number[], average: number[], trend: number[], name: string];

/** DurationChartData is the daily-duration chart's tuple, which has no trend. */
export type DurationChartData = [labels: string[], durations: number[], average: number[], name: string];

/** ChartAnswer is a chart-data answer: a hydra collection holding one tuple. */
export interface ChartAnswer<T> {
  "hydra:member": T;
}

/** NamesAnswer lists the exercises or size categories that have a chart. */
export interface NamesAnswer {
  "hydra:member": string[];
}

/** ProgressMetric is one card of the progress panes: how a value moved from start to now. */
export interface ProgressMetric {
  name: string;
  start: number;
  current: number;
  /** The dates (YYYY-MM-DD) of the start and current values. */
  from: string;
  to: string;
  change: "up" | "down";
  difference: number;
  /** kg, lbs, cm or reps. */
  unit: string;
  /** The set that earned a personal best. */
  set?: string;
}

/** MetricsAnswer is a progress pane's answer: the user's name and the metrics. */
export interface MetricsAnswer {
  "hydra:member": [name: string, metrics: ProgressMetric[]];
}

/** UserFilter is the display name a trainer looks at; undefined for the signed-in user. */
export type UserFilter = string | undefined;
