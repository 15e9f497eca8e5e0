import { Badge } from "@chakra-ui/react";
import { rpePalette } from "../model/rpe";

/** RpeBadge shows a set's RPE in the spec's colours (grey < 5, warning 5–7, red > 7). */
export function RpeBadge({ rpe }: { rpe: number | null }) {
  if (rpe === null) return null;
  return (
    <Badge colorPalette={rpePalette(rpe)} variant="solid" size="lg" aria-label={`RPE ${rpe}`}>
      {rpe}
    </Badge>
  );
}
