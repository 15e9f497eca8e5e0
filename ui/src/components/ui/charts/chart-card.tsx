import { Box, Card, Heading, Skeleton, Text, VisuallyHidden } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue, useEffect } from "react";
import { useNearScreen } from "@/lib/use-near-screen";
import { ErrorAlert } from "@/components/ui/error-alert";
import { describeError } from "@/lib/error-messages";
import { ChartTable } from "./chart-table";
import type { ChartKind, ChartSeries } from "./chart-series";
import { chartAspectRatio } from "./chart-size";
import type * as VictoryCharts from "./victory-charts";

// Victory comes with this one module only, so it loads with the first chart a page has data
// for (while that chart waits to be near the screen) and never with the app's first load.
let victory: Promise<typeof VictoryCharts> | undefined;
const loadVictory = () => (victory ??= import("./victory-charts"));
const charts = {
  line: lazy(() => loadVictory().then((m) => ({ default: m.LineChart }))),
  bar: lazy(() => loadVictory().then((m) => ({ default: m.BarChart }))),
};

interface ChartCardProps {
  title: string;
  kind: ChartKind;
  /** The heading of the label column in the text alternative: "Date", "Muscle group". */
  labelHeading: string;
  /** The chart's query, its data shaped for drawing by the query's `select`. */
  query: UseQueryResult<ChartSeries>;
  /** What shows when there is nothing to draw. */
  emptyText: string;
  headingLevel?: "h2" | "h3";
}

/**
 * ChartCard is a titled chart with its states: loading, the error, the empty text, or the chart
 * with a visually hidden table of its values for screen readers (the drawing itself is hidden
 * from them). The states and the table follow the query at once; the drawing waits until the
 * card comes near the screen, and is then drawn in a transition (see ChartDrawing).
 */
export function ChartCard({ title, kind, labelHeading, query, emptyText, headingLevel = "h2" }: ChartCardProps) {
  const series = query.data;
  const hasData = series !== undefined && series.points.length > 0;
  return (
    <Card.Root variant="outline" minW="0">
      <Card.Header pb="0">
        <Heading as={headingLevel} size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2" minW="0">
        {query.isPending ? (
          <Box w="full" maxW="2xl" mx="auto">
            <Skeleton aspectRatio={chartAspectRatio(kind, 0)} aria-label={`Loading ${title}`} role="status" />
          </Box>
        ) : query.isError ? (
          <ErrorAlert message={describeError(query.error).message} />
        ) : hasData ? (
          <>
            <VisuallyHidden>
              <ChartTable title={title} labelHeading={labelHeading} series={series} />
            </VisuallyHidden>
            <ChartDrawing kind={kind} series={series} />
          </>
        ) : (
          <Text color="fg.muted">{emptyText}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * ChartDrawing draws a series once its place comes within a screen of the viewport, in a
 * transition React splits into short tasks (see RequireUser in app/route-guards.tsx): a page of
 * seventeen charts drew them all in one long render, which on a slow phone held back even the
 * first chart for seconds. Until then a placeholder of the chart's shape keeps the page still.
 */
function ChartDrawing({ kind, series }: { kind: ChartKind; series: ChartSeries }) {
  const [place, near] = useNearScreen<HTMLDivElement>();
  useEffect(() => void loadVictory(), []);
  const drawn = useDeferredValue(near ? series : undefined);
  const Chart = charts[kind];
  const placeholder = <Skeleton aspectRatio={chartAspectRatio(kind, series.points.length)} />;
  return (
    <Box ref={place} aria-hidden w="full" maxW="2xl" mx="auto">
      {drawn === undefined ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          <Chart series={drawn} />
        </Suspense>
      )}
    </Box>
  );
}
