/** The RPE scale's bounds: every set is rated from 1 (easy) to 10 (a true maximum). */
export const rpeValues = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * rpeTooltip is the face scale's tooltip for one RPE: the spec names 1–3 easy and 7–10 hard,
 * and leaves the middle plain.
 */
export function rpeTooltip(rpe: number): string {
  if (rpe <= 3) return `Easy ${rpe}/10`;
  if (rpe >= 7) return `Hard ${rpe}/10`;
  return `${rpe}/10`;
}

/** RpePalette is the colour an RPE badge takes. */
export type RpePalette = "gray" | "orange" | "red";

/** rpePalette colours an RPE as the spec says: grey below 5, warning 5 to 7, red above 7. */
export function rpePalette(rpe: number): RpePalette {
  if (rpe < 5) return "gray";
  if (rpe <= 7) return "orange";
  return "red";
}

/** RpeFace names the face the scale shows for an RPE, from relaxed to spent. */
export type RpeFace = "grin" | "smile" | "neutral" | "straining" | "tired" | "spent";

/** rpeFace is the face shown for an RPE on the scale: two RPEs a face, then 9 and 10 their own. */
export function rpeFace(rpe: number): RpeFace {
  const faces: readonly RpeFace[] = ["grin", "grin", "smile", "smile", "neutral", "neutral", "straining", "straining", "tired", "spent"];
  return faces[Math.min(Math.max(rpe, 1), 10) - 1] ?? "neutral";
}
