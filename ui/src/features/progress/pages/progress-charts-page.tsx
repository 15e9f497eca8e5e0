import { SimpleGrid, Stack } from "@chakra-ui/react";
import { ChartCard } from "@/components/ui/charts/chart-card";
import { isRefusedFilter, UnknownClient } from "@/components/ui/unknown-client";
import { useUser } from "@/features/account";
import { useDurationChart } from "../api/get-duration-chart";
import { useChartExercises, useExerciseChart } from "../api/get-exercise-charts";
import { usePersonalBests } from "../api/get-metrics";
import { useChartSizeCategories, useSizeChart } from "../api/get-size-charts";
import type { UserFilter } from "../api/types";
import { useWeightChart } from "../api/get-weight-chart";
import { ProgressHeading } from "../components/progress-heading";
import { useUserFilter } from "../components/use-user-filter";

const emptyText = "No data for chart.";

/**
 * ProgressChartsPage draws the daily duration, the body weight, one chart per exercise done on
 * two days or more and one per size category measured twice or more.
 */
export function ProgressChartsPage() {
  const user = useUserFilter();
  const unit = useUser().data?.unit ?? "kg";
  const duration = useDurationChart(user);
  const weight = useWeightChart(user, unit);
  const exercises = useChartExercises(user);
  const sizes = useChartSizeCategories(user);
  const bodyweightExercises = useBodyweightExercises(user);

  return (
    <Stack gap="5">
      <ProgressHeading title="Charts" other={{ label: "Progress", to: "/progress" }} />
      {isRefusedFilter(duration.error, user) ? (
        <UnknownClient name={user ?? ""} />
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <ChartCard title="Daily Duration" kind="line" labelHeading="Date" emptyText={emptyText} query={duration} />
          <ChartCard title="Weight" kind="line" labelHeading="Date" emptyText={emptyText} query={weight} />
          {exercises.data?.map((name) => (
            <ExerciseChart key={name} user={user} name={name} valueLabel={bodyweightExercises.has(name) ? "Reps" : `Weight (${unit})`} />
          ))}
          {sizes.data?.map((category) => <SizeChart key={category} user={user} category={category} />)}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ExerciseChart({ user, name, valueLabel }: { user: UserFilter; name: string; valueLabel: string }) {
  const chart = useExerciseChart(user, name, valueLabel);
  return <ChartCard title={name} kind="line" labelHeading="Date" emptyText={emptyText} query={chart} />;
}

function SizeChart({ user, category }: { user: UserFilter; category: string }) {
  const chart = useSizeChart(user, category);
  return <ChartCard title={category} kind="line" labelHeading="Date" emptyText={emptyText} query={chart} />;
}

// A bodyweight exercise's chart counts reps: its personal best says so with the unit "reps".
function useBodyweightExercises(user: UserFilter): Set<string> {
  const personalBests = usePersonalBests(user);
  return new Set((personalBests.data ?? []).filter((metric) => metric.unit === "reps").map((metric) => metric.name));
}

