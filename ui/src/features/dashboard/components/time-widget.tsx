import { Skeleton, Stat } from "@chakra-ui/react";
import { Carousel } from "@/components/ui/carousel";
import { formatNumber } from "@/lib/format";
import { useTimeWidgets } from "../api/get-time-widgets";

/** The time widget moves on every 4 seconds (spec 1 §9). */
export const timeWidgetIntervalMs = 4000;

/** Above this many days since the last workout the figure turns red (spec 1 §9). */
export const daysSinceLastWarning = 7;

interface FigureProps {
  label: string;
  value: string;
  /** Shown instead of the value when the figure is unknown or failed to load. */
  fallback: string;
  known: boolean;
  warning?: boolean;
}

function Figure({ label, value, fallback, known, warning = false }: FigureProps) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText color={warning ? "red.fg" : undefined} data-warning={warning || undefined}>
        {known ? value : fallback}
      </Stat.ValueText>
    </Stat.Root>
  );
}

/**
 * TimeWidget is the dashboard's time carousel: average workout duration, workouts a week and
 * days since the last workout, each with its fallback text when unknown.
 */
export function TimeWidget() {
  const { isPending, averageDuration, averageWeekCount, daysSinceLast } = useTimeWidgets();
  if (isPending) return <Skeleton height="24" role="status" aria-label="Loading time widget" />;
  const slides = [
    {
      id: "average-duration",
      content: (
        <Figure
          label="Average Duration"
          value={`${formatNumber(averageDuration ?? 0)} min`}
          fallback="Coming soon"
          known={averageDuration !== null}
        />
      ),
    },
    {
      id: "average-week-count",
      content: (
        <Figure
          label="Workouts per Week"
          value={formatNumber(averageWeekCount ?? 0)}
          fallback="Stay tuned"
          known={averageWeekCount !== null}
        />
      ),
    },
    {
      id: "days-since-last",
      content: (
        <Figure
          label="Days Since Last Workout"
          value={formatNumber(daysSinceLast ?? 0)}
          fallback="TBC"
          known={daysSinceLast !== null}
          warning={daysSinceLast !== null && daysSinceLast > daysSinceLastWarning}
        />
      ),
    },
  ];
  return <Carousel label="Time" slides={slides} intervalMs={timeWidgetIntervalMs} />;
}
