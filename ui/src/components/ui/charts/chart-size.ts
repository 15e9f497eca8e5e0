import type { ChartKind } from "./chart-series";

// The charts' view boxes (victory-charts.tsx), here so that a placeholder can take a chart's
// shape before Victory loads: the page does not shift when the chart replaces it.

/** The width of every chart's view box; it scales to its container's width. */
export const chartWidth = 400;
/** The line chart's height. */
export const lineHeight = 240;
/** The line chart's padding round the plot. */
export const linePadding = { top: 16, right: 16, bottom: 48, left: 52 };
/** The height each bar of the bar chart takes. */
export const barHeight = 26;
/** The bar chart's padding round the plot. */
export const barPadding = { top: 8, right: 24, bottom: 40, left: 96 };

/** barChartHeight is the bar chart's height for `bars` bars (room for three at least). */
export function barChartHeight(bars: number): number {
  return barPadding.top + barPadding.bottom + Math.max(bars, 3) * barHeight;
}

/** chartAspectRatio is the width over the height of a chart of `kind` with `points` points. */
export function chartAspectRatio(kind: ChartKind, points: number): number {
  return chartWidth / (kind === "line" ? lineHeight : barChartHeight(points));
}
