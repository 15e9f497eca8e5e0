/** The most exercise choices kept (the server takes at most 2,000 at once). */
export const maxImportChoices = 2000;

const key = "gymlog.importExercises";

/**
 * storedImportChoices are the person's earlier choices of what a file's exercise names become
 * (by the name as the file writes it), kept in this browser for their next import.
 */
export function storedImportChoices(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "{}");
    if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/** withChoice adds (or, with "" for as, forgets) one choice, keeps the latest maxImportChoices, and stores them. */
export function withChoice(choices: Record<string, string>, name: string, as: string): Record<string, string> {
  const rest = Object.entries(choices).filter(([n]) => n !== name);
  const next = Object.fromEntries((as === "" ? rest : [...rest, [name, as] as [string, string]]).slice(-maxImportChoices));
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the choices hold for this page only.
  }
  return next;
}
