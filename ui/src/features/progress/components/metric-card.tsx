import { Badge, Card, DataList, Heading, HStack } from "@chakra-ui/react";
import { ArrowDownIcon, ArrowUpIcon } from "@/components/ui/icons";
import { formatDate, formatDifference, formatNumber } from "@/lib/format";
import type { ProgressMetric } from "../api/types";

const withUnit = (value: string, unit: string) => `${value} ${unit}`;

/** MetricCard shows how one value moved: an up or down badge, the start and the current value with their dates. */
export function MetricCard({ metric }: { metric: ProgressMetric }) {
  const up = metric.change === "up";
  return (
    <Card.Root variant="outline" size="sm" as="article">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="2" wrap="wrap">
          <Heading as="h3" size="md">
            {metric.name}
          </Heading>
          <Badge colorPalette={up ? "green" : "red"} variant="subtle" size="lg" flexShrink="0">
            {up ? <ArrowUpIcon aria-hidden /> : <ArrowDownIcon aria-hidden />}
            <span>
              {up ? "Up" : "Down"} {withUnit(formatDifference(metric.difference), metric.unit)}
            </span>
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="md">
          <DataList.Item>
            <DataList.ItemLabel>Start</DataList.ItemLabel>
            <DataList.ItemValue>
              {withUnit(formatNumber(metric.start), metric.unit)} on {formatDate(metric.from)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Current</DataList.ItemLabel>
            <DataList.ItemValue>
              {withUnit(formatNumber(metric.current), metric.unit)} on {formatDate(metric.to)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
