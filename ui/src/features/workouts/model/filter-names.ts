/** filterNames keeps the names containing the text, ignoring case (all names for empty text). */
export function filterNames(names: readonly string[], text: string): string[] {
  const needle = text.trim().toLowerCase();
  return needle === "" ? [...names] : names.filter((name) => name.toLowerCase().includes(needle));
}
