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
  /** null when the figure is unknown or failed to load: the fallback shows instead. */
  value: number | null;
  unit?: string;
  fallback: string;
  warning?: boolean;
}

function Figure({ label, value, unit, fallback, warning = false }: FigureProps) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText color={warning ? "red.fg" : undefined} data-warning={warning || undefined}>
        {value === null ? fallback : [formatNumber(value), unit].filter(Boolean).join(" ")}
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
  const figures: (FigureProps & { id: string })[] = [
    { id: "average-duration", label: "Average Duration", value: averageDuration, unit: "min", fallback: "Coming soon" },
    { id: "average-week-count", label: "Workouts per Week", value: averageWeekCount, fallback: "Stay tuned" },
    {
      id: "days-since-last",
      label: "Days Since Last Workout",
      value: daysSinceLast,
      fallback: "TBC",
      warning: daysSinceLast !== null && daysSinceLast > daysSinceLastWarning,
    },
  ];
  const slides = figures.map(({ id, ...figure }) => ({ id, content: <Figure {...figure} /> }));
  return <Carousel label="Time" slides={slides} intervalMs={timeWidgetIntervalMs} />;
}
