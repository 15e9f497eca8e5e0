/**
 * afterTheDay is the marker of a change to a workout made on a later day than the workout's own
 * (and than the day it was entered): "edited 7 days after", counted from the workout's date.
 */
export function afterTheDay(days: number): string {
  return `edited ${days} ${days === 1 ? "day" : "days"} after`;
}
