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
