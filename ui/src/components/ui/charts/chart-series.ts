/** ChartPoint is one value of a chart, with the label its axis shows (a date, a muscle group). */
export interface ChartPoint {
  label: string;
  /** The shorter label the axis shows (21/11 for 21/11/2026). */
  tick: string;
  value: number;
}

/**
 * ChartSeries is what a chart draws, already shaped by its query's `select`: the points in
 * order, the trend value at each point (null where the server gives none) and an average line.
 */
export interface ChartSeries {
  /** What the values measure, with their unit: "Duration (min)", "Weight (kg)", "Measurement (cm)". */
  valueLabel: string;
  points: ChartPoint[];
  trend: (number | null)[];
  average: number | null;
}

/** ChartKind is the way a series is drawn: a line over time, or bars per label. */
export type ChartKind = "line" | "bar";

/**
 * lineDomain is the value axis's range for a line chart of `values` (its points, trend and
 * average): undefined, for the chart to choose, unless every value is the same, when the axis
 * would span a rounding error ("79.99999999990 … 80.00000000010"). Then it spans 5 % of the
 * value each way, at least 1, so a single weigh-in sits mid-chart on round ticks.
 */
export function lineDomain(values: number[]): [number, number] | undefined {
  if (values.length === 0) return undefined;
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (high - low > Math.abs(high) * 1e-9) return undefined;
  const pad = Math.max(Math.abs(low) * 0.05, 1);
  return [low - pad, high + pad];
}

/** valueTick is a value axis's label: at most two decimals, none trailing (80, 80.5, 80.25). */
export function valueTick(value: number): string {
  return String(Math.round(value * 100) / 100);
}
