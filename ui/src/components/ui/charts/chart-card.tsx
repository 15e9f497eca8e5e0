import { Box, Card, Heading, Skeleton, Text, VisuallyHidden } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { describeError } from "@/lib/error-messages";
import { ChartTable } from "./chart-table";
import type { ChartKind, ChartSeries } from "./chart-series";
import { chartAspectRatio } from "./chart-size";

// Victory comes with this one module only, so it loads with the first chart a page draws and
// never with the app's first load.
const charts = {
  line: lazy(() => import("./victory-charts").then((m) => ({ default: m.LineChart }))),
  bar: lazy(() => import("./victory-charts").then((m) => ({ default: m.BarChart }))),
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
 * from them).
 */
export function ChartCard({ title, kind, labelHeading, query: answer, emptyText, headingLevel = "h2" }: ChartCardProps) {
  // A chart's answer is drawn in a transition, in short tasks (see RequireUser in app/route-guards.tsx).
  const query = useDeferredValue(answer);
  const Chart = charts[kind];
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
            <Box aria-hidden w="full" maxW="2xl" mx="auto">
              <Suspense fallback={<Skeleton aspectRatio={chartAspectRatio(kind, series.points.length)} />}>
                <Chart series={series} />
              </Suspense>
            </Box>
          </>
        ) : (
          <Text color="fg.muted">{emptyText}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
