import { SimpleGrid, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import type { ProgressMetric } from "../api/types";
import { MetricCard } from "./metric-card";

interface MetricPaneProps {
  query: UseQueryResult<ProgressMetric[]>;
  /** What shows when there is no metric, as the spec words it. */
  emptyText: string;
}

/** MetricPane is one progress pane: its metric cards, the empty text, or the failure. */
export function MetricPane({ query, emptyText }: MetricPaneProps) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ErrorAlert message={describeError(query.error).message} />;
  if (query.data.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 1 }} gap="3">
      {query.data.map((metric) => (
        <MetricCard key={metric.name} metric={metric} />
      ))}
    </SimpleGrid>
  );
}
