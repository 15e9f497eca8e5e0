/** setCountText is a number of target sets with "set" or "sets": "1 set", "3 sets". */
export function setCountText(count: number): string {
  return `${count} ${count === 1 ? "set" : "sets"}`;
}
