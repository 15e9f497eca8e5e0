import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryScatter } from "victory";
import { chartColors, chartFont } from "./chart-colors";
import { type ChartSeries, lineDomain, valueTick } from "./chart-series";
import { barChartHeight, barHeight, barPadding, chartWidth as width, lineHeight, linePadding } from "./chart-size";

// Both charts live in this one module so that Victory loads as one chunk, with the first chart a
// page draws. The view box scales to its container's width, so a chart fits a 375 px screen.

/** LineChart draws a series over time with its trend and average. */
export function LineChart({ series }: { series: ChartSeries }) {
  const points = series.points.map((point, i) => ({ x: i + 1, y: point.value }));
  const trend = series.trend.flatMap((value, i) => (value === null ? [] : [{ x: i + 1, y: value }]));
  const last = Math.max(points.length, 2);
  const values = [...points, ...trend].map((p) => p.y).concat(series.average === null ? [] : [series.average]);
  const y = lineDomain(values);
  return (
    <VictoryChart
      width={width}
      height={lineHeight}
      padding={linePadding}
      domainPadding={{ x: 8, y: 12 }}
      domain={y ? { y } : undefined}
    >
      <VictoryAxis
        tickValues={points.map((p) => p.x)}
        tickFormat={(x: number) => series.points[x - 1]?.tick ?? ""}
        fixLabelOverlap
        style={{ axis: { stroke: chartColors.axis }, tickLabels: { ...chartFont, angle: -30, textAnchor: "end" } }}
      />
      <VictoryAxis
        dependentAxis
        label={series.valueLabel}
        tickFormat={valueTick}
        style={{
          axis: { stroke: chartColors.axis },
          grid: { stroke: chartColors.grid },
          tickLabels: chartFont,
          axisLabel: { ...chartFont, padding: 38 },
        }}
      />
      {series.average !== null && (
        <VictoryLine
          data={[
            { x: 1, y: series.average },
            { x: last, y: series.average },
          ]}
          style={{ data: { stroke: chartColors.average, strokeDasharray: "2 4", strokeWidth: 1.5 } }}
        />
      )}
      {trend.length > 1 && (
        <VictoryLine data={trend} style={{ data: { stroke: chartColors.trend, strokeDasharray: "6 4", strokeWidth: 2 } }} />
      )}
      <VictoryLine data={points} style={{ data: { stroke: chartColors.line, strokeWidth: 2.5 } }} />
      <VictoryScatter data={points} size={3} style={{ data: { fill: chartColors.line } }} />
    </VictoryChart>
  );
}

/** BarChart draws one horizontal bar per label (muscle groups). */
export function BarChart({ series }: { series: ChartSeries }) {
  // A horizontal chart counts its categories from the bottom: the first label goes on top.
  const count = series.points.length;
  const bars = series.points.map((point, i) => ({ x: count - i, y: point.value }));
  const height = barChartHeight(bars.length);
  return (
    <VictoryChart horizontal width={width} height={height} padding={barPadding} domainPadding={{ x: barHeight / 2 }}>
      <VictoryAxis
        tickValues={bars.map((b) => b.x)}
        tickFormat={(x: number) => series.points[count - x]?.tick ?? ""}
        style={{ axis: { stroke: chartColors.axis }, tickLabels: chartFont }}
      />
      <VictoryAxis
        dependentAxis
        label={series.valueLabel}
        tickFormat={(y: number) => (Number.isInteger(y) ? String(y) : "")}
        style={{
          axis: { stroke: chartColors.axis },
          grid: { stroke: chartColors.grid },
          tickLabels: chartFont,
          axisLabel: { ...chartFont, padding: 28 },
        }}
      />
      <VictoryBar data={bars} barWidth={barHeight * 0.7} style={{ data: { fill: chartColors.line } }} />
    </VictoryChart>
  );
}
