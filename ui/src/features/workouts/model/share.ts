import { formatNumber } from "@/lib/format";
import { formatDuration } from "./format";

/** Finished is what the share text needs of a finished workout (the edit call's share object). */
export interface Finished {
  name: string | null;
  exerciseNames: string[];
  duration: number | null;
  volume: number | null;
  unit: string;
}

/** shareText is the message a lifter sends a friend after finishing a workout. */
export function shareText(workout: Finished): string {
  const parts = [`I just finished my ${workout.name || "workout"} on Gymlog`];
  if (workout.exerciseNames.length > 0) parts.push(`: ${workout.exerciseNames.join(", ")}`);
  if (workout.duration !== null) parts.push(` in ${formatDuration(workout.duration)}`);
  if (workout.volume) parts.push(`, ${formatNumber(workout.volume)} ${workout.unit} lifted`);
  return `${parts.join("")}.`;
}

/** messagingLink opens a messaging app with the text ready to send. */
export function messagingLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
