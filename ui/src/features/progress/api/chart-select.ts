import type { ChartPoint, ChartSeries } from "@/components/ui/charts/chart-series";
import { formatDate } from "@/lib/format";
import type { ChartAnswer, ChartData, DurationChartData } from "./types";

function datePoints(labels: string[], values: number[]): ChartPoint[] {
  return labels.map((label, i) => ({ label: formatDate(label), tick: formatDate(label).slice(0, 5), value: values[i] ?? 0 }));
}

/** toSeries shapes a chart-data answer over dates for a chart whose values are `valueLabel`. */
export function toSeries(valueLabel: string) {
  return ({ "hydra:member": [labels, values, average, trend] }: ChartAnswer<ChartData>): ChartSeries => ({
    valueLabel,
    points: datePoints(labels, values),
    trend: labels.map((_, i) => trend[i] ?? null),
    average: average[0] ?? null,
  });
}

/** toDurationSeries shapes the daily-duration answer, in minutes and without a trend. */
export function toDurationSeries({ "hydra:member": [labels, durations, average] }: ChartAnswer<DurationChartData>): ChartSeries {
  return {
    valueLabel: "Duration (min)",
    points: datePoints(labels, durations),
    trend: labels.map(() => null),
    average: average[0] ?? null,
  };
}
