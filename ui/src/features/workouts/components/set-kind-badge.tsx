import { Badge } from "@chakra-ui/react";
import type { LoggedSet, SetKind } from "../api/types";
import { kindOf, setKindNames } from "../model/set-kind";

// Each kind's colour: Strong's and Hevy's (orange warm-ups, purple drop sets, red failure).
const palettes: Record<Exclude<SetKind, "">, string> = { warmup: "orange", drop: "purple", failure: "red" };

/**
 * SetKindBadge marks a set of a kind other than normal beside its number in the sets table: W, D
 * or F, as Strong marks them, named (and titled, for a pointer) "Warm-up set", "Drop set" or
 * "Failure set". A normal set has none.
 */
export function SetKindBadge({ set }: { set: Pick<LoggedSet, "kind"> }) {
  const kind = kindOf(set);
  const { badge } = setKindNames[kind];
  if (kind === "" || badge === null) return null;
  return (
    <Badge colorPalette={palettes[kind]} variant="subtle" size="sm" ms="1" role="img" aria-label={badge.label} title={badge.label}>
      {badge.letter}
    </Badge>
  );
}
