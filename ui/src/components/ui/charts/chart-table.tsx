import { formatNumber } from "@/lib/format";
import type { ChartSeries } from "./chart-series";

interface ChartTableProps {
  title: string;
  labelHeading: string;
  series: ChartSeries;
}

/** ChartTable is a chart's text alternative: its values, trend and average as a table. */
export function ChartTable({ title, labelHeading, series }: ChartTableProps) {
  const hasTrend = series.trend.some((value) => value !== null);
  return (
    <table>
      <caption>
        {title}
        {series.average !== null && `, average ${formatNumber(series.average)}`}
      </caption>
      <thead>
        <tr>
          <th scope="col">{labelHeading}</th>
          <th scope="col">{series.valueLabel}</th>
          {hasTrend && <th scope="col">Trend</th>}
        </tr>
      </thead>
      <tbody>
        {series.points.map((point, i) => {
          const trend = series.trend[i];
          return (
            <tr key={`${point.label}-${i}`}>
              <th scope="row">{point.label}</th>
              <td>{formatNumber(point.value)}</td>
              {hasTrend && <td>{trend === null || trend === undefined ? "–" : formatNumber(trend)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
