import { Badge } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { formatRest, restPhase } from "../model/rest-timer";

const phaseColour = { fresh: "green", grey: "gray", warning: "orange" } as const;

/**
 * RestTimer counts up from 00:00 since `since` (when the last set was done): grey after
 * 1 minute, the warning colour after 2, so the lifter sees at a glance when to go again.
 */
export function RestTimer({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, (now - since) / 1000);
  const phase = restPhase(seconds);
  return (
    <Badge
      role="timer"
      aria-label={`Rest ${formatRest(seconds)}`}
      data-phase={phase}
      colorPalette={phaseColour[phase]}
      variant="subtle"
      size="lg"
      fontVariantNumeric="tabular-nums"
    >
      Rest {formatRest(seconds)}
    </Badge>
  );
}
