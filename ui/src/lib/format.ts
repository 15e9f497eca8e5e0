/** formatDate shows an ISO date (YYYY-MM-DD) as dd/mm/yyyy without any time-zone shift. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  if (!year || !month || !day) return isoDate;
  return `${day}/${month}/${year}`;
}

/** parseUkDate turns dd/mm/yyyy into YYYY-MM-DD, or null when it is not a real date. */
export function parseUkDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day = "", month = "", year = ""] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) {
    return null;
  }
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** todayIsoDate is the user's local calendar date as YYYY-MM-DD. */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** roundTo2 rounds a number to 2 decimal places, as weights are sent. */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });
const signedFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2, signDisplay: "exceptZero" });

/** formatNumber shows a number with at most 2 decimals. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** formatDifference shows a change with its sign (+1.5, -0.25, 0). */
export function formatDifference(value: number): string {
  return signedFormat.format(value);
}
