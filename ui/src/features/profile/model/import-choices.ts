/** The most exercise choices kept (the server takes at most 2,000 at once). */
export const maxImportChoices = 2000;

const exercisesKey = "gymlog.importExercises";
const groupsKey = "gymlog.importMuscleGroups";

/** stored reads the choices kept under key, those of the expected kind only. */
function stored<T>(key: string, isChoice: (value: unknown) => value is T): Record<string, T> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "{}");
    if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, T] => isChoice(entry[1])));
  } catch {
    return {};
  }
}

/** withEntry sets (or, with null, forgets) one name's choice, keeps the latest maxImportChoices, and stores them under key. */
function withEntry<T>(key: string, choices: Record<string, T>, name: string, choice: T | null): Record<string, T> {
  const rest = Object.entries(choices).filter(([n]) => n !== name);
  const next = Object.fromEntries((choice === null ? rest : [...rest, [name, choice] as [string, T]]).slice(-maxImportChoices));
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the choices hold for this page only.
  }
  return next;
}

const isName = (value: unknown): value is string => typeof value === "string";
const isIds = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id));

/**
 * storedImportChoices are the person's earlier choices of what a file's exercise names become
 * (by the name as the file writes it), kept in this browser for their next import.
 */
export function storedImportChoices(): Record<string, string> {
  return stored(exercisesKey, isName);
}

/** withChoice adds (or, with "" for as, forgets) one choice, keeps the latest maxImportChoices, and stores them. */
export function withChoice(choices: Record<string, string>, name: string, as: string): Record<string, string> {
  return withEntry(exercisesKey, choices, name, as === "" ? null : as);
}

/**
 * storedMuscleGroupChoices are the person's earlier choices of muscle groups (ids) for the file's
 * names that become their own exercises, kept in this browser for their next import.
 */
export function storedMuscleGroupChoices(): Record<string, number[]> {
  return stored(groupsKey, isIds);
}

/** withMuscleGroups sets (or, with none, forgets) the muscle groups of one name, keeps the latest maxImportChoices, and stores them. */
export function withMuscleGroups(choices: Record<string, number[]>, name: string, ids: number[]): Record<string, number[]> {
  return withEntry(groupsKey, choices, name, ids.length === 0 ? null : ids);
}
