import { Badge, HStack, Skeleton, Stat, Text } from "@chakra-ui/react";
import { FaTrophy } from "react-icons/fa6";
import { Carousel } from "@/components/ui/carousel";
import { formatDate, formatDifference, formatNumber } from "@/lib/format";
import { usePersonalBests } from "../api/get-personal-bests";
import type { PersonalBest } from "../api/types";

/** The personal-bests widget moves on every 3 seconds (spec 1 §9). */
export const personalBestsIntervalMs = 3000;

function bestSet(best: PersonalBest): string {
  const reps = best.reps === null ? "" : `${best.reps} reps`;
  if (best.weight === null) return reps;
  const weight = `${formatNumber(best.weight)} ${best.unit}`;
  return reps ? `${weight} × ${reps}` : weight;
}

function Best({ best }: { best: PersonalBest }) {
  const unit = best.weight === null ? "reps" : best.unit;
  return (
    <Stat.Root>
      <Stat.Label>
        <FaTrophy aria-hidden color="var(--chakra-colors-yellow-solid)" />
        {best.name}
      </Stat.Label>
      {/* One <dd> for the set and its gain: a <dl> holds only <dt> and <dd> (Stat.Root is a <dl>). */}
      <HStack as="dd" gap="2" wrap="wrap">
        <Stat.ValueText as="span">{bestSet(best)}</Stat.ValueText>
        {best.difference !== null && best.difference !== 0 && (
          <Badge colorPalette="green" variant="subtle">
            {formatDifference(best.difference)} {unit}
          </Badge>
        )}
      </HStack>
      <Stat.HelpText as="dd">{formatDate(best.date)}</Stat.HelpText>
    </Stat.Root>
  );
}

/** PersonalBestsWidget is the dashboard's carousel of each exercise's current best set. */
export function PersonalBestsWidget() {
  const query = usePersonalBests();
  if (query.isPending) return <Skeleton height="24" role="status" aria-label="Loading personal bests" />;
  const bests = query.data ?? [];
  if (bests.length === 0) return <Text color="fg.muted">No PBs to show</Text>;
  const slides = bests.map((best) => ({ id: best.name, content: <Best best={best} /> }));
  return <Carousel label="Personal bests" slides={slides} intervalMs={personalBestsIntervalMs} />;
}
