import { VictoryAxis, VictoryBar, VictoryChart } from "victory";
import { chartColors, chartFont } from "./chart-colors";
import type { ChartSeries } from "./chart-series";

const width = 400;
const barHeight = 26;
const padding = { top: 8, right: 24, bottom: 40, left: 96 };

/** BarChart draws one horizontal bar per label (muscle groups); Victory is loaded with it. */
export default function BarChart({ series }: { series: ChartSeries }) {
  const bars = series.points.map((point, i) => ({ x: i + 1, y: point.value }));
  const height = padding.top + padding.bottom + Math.max(bars.length, 3) * barHeight;
  return (
    <VictoryChart horizontal width={width} height={height} padding={padding} domainPadding={{ x: barHeight / 2 }}>
      <VictoryAxis
        tickValues={bars.map((b) => b.x)}
        tickFormat={(x: number) => series.points[x - 1]?.tick ?? ""}
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
