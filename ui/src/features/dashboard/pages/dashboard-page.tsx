import { Card, Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ChartCard } from "@/components/ui/charts/chart-card";
import { useUser, type Unit } from "@/features/account";
import { useDurationChart, useWeightChart } from "@/features/progress";
import { useMuscleGroupChart } from "../api/get-muscle-group-chart";
import { PersonalBestsWidget } from "../components/personal-bests-widget";
import { TimeWidget } from "../components/time-widget";

/** The dashboard charts' empty text, as spec 1 gives it. */
export const dashboardChartEmptyText = "No data for chart. Start logging your weight to see progress.";

/**
 * DashboardPage shows the time and personal-bests carousels, the duration chart when the user
 * chose Duration (otherwise the weight chart) and the muscle groups trained in the past month.
 */
export function DashboardPage() {
  const { data: user } = useUser();
  const showDuration = user?.dashboardChart === "Duration";
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Dashboard
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <WidgetCard title="Time">
          <TimeWidget />
        </WidgetCard>
        <WidgetCard title="Personal Bests">
          <PersonalBestsWidget />
        </WidgetCard>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {showDuration ? <DurationChart /> : <WeightChart unit={user?.unit ?? "kg"} />}
        <MuscleGroupChart />
      </SimpleGrid>
    </Stack>
  );
}

function WidgetCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" minW="0">
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

function DurationChart() {
  const query = useDurationChart(undefined);
  return <ChartCard title="Duration" kind="line" labelHeading="Date" query={query} emptyText={dashboardChartEmptyText} />;
}

function WeightChart({ unit }: { unit: Unit }) {
  const query = useWeightChart(undefined, unit);
  return <ChartCard title="Weight" kind="line" labelHeading="Date" query={query} emptyText={dashboardChartEmptyText} />;
}

function MuscleGroupChart() {
  const query = useMuscleGroupChart();
  return (
    <ChartCard
      title="Muscle Groups (Past Month)"
      kind="bar"
      labelHeading="Muscle group"
      query={query}
      emptyText={dashboardChartEmptyText}
    />
  );
}
