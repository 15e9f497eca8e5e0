import type { LoggedSet, SetKind } from "../api/types";

/** SetKindNames are the names of a set kind, as each screen shows it. */
export interface SetKindNames {
  /** Its option on the set form's Set type choice. */
  choice: string;
  /** The words after a set in a list, "60 kg x 5 · Warm-up"; null for a normal set, which has none. */
  words: string | null;
  /** Its badge beside the set number in the sets table (Strong's letters); null for a normal set. */
  badge: { letter: string; label: string } | null;
}

/** setKindNames are the set kinds in the order the form offers them, each with its names. */
export const setKindNames: Record<SetKind, SetKindNames> = {
  "": { choice: "Normal", words: null, badge: null },
  warmup: { choice: "Warm-up", words: "Warm-up", badge: { letter: "W", label: "Warm-up set" } },
  drop: { choice: "Drop", words: "Drop set", badge: { letter: "D", label: "Drop set" } },
  failure: { choice: "Failure", words: "Failure set", badge: { letter: "F", label: "Failure set" } },
};

/** kindOf is a set's kind: normal ("") for an answer cached before sets had kinds. */
export function kindOf(set: Pick<LoggedSet, "kind">): SetKind {
  return set.kind ?? "";
}

/** isSetKind reports whether text is a set kind ("" included). */
export function isSetKind(text: string): text is SetKind {
  return Object.hasOwn(setKindNames, text);
}

/** withSetKind puts a set's kind in words after the set as text shows it: "60 kg x 5 · Warm-up"; a normal set's text is left as it is. */
export function withSetKind(text: string, set: Pick<LoggedSet, "kind">): string {
  const { words } = setKindNames[kindOf(set)];
  return words === null ? text : `${text} · ${words}`;
}
