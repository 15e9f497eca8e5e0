/** RestPhase tells how long the lifter has rested: fresh, past 1 minute, past 2 minutes. */
export type RestPhase = "fresh" | "grey" | "warning";

/** The spec's rest thresholds, in seconds. */
export const restGreySeconds = 60;
/** restWarningSeconds is when the rest timer takes the warning colour. */
export const restWarningSeconds = 120;

/** restPhase is the rest timer's colour phase after `seconds` of rest. */
export function restPhase(seconds: number): RestPhase {
  if (seconds >= restWarningSeconds) return "warning";
  if (seconds >= restGreySeconds) return "grey";
  return "fresh";
}

/** formatRest shows elapsed rest as mm:ss, counting up from 00:00. */
export function formatRest(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = String(Math.floor(whole / 60)).padStart(2, "0");
  const rest = String(whole % 60).padStart(2, "0");
  return `${minutes}:${rest}`;
}
