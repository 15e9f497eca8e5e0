/**
 * filterNames keeps the names that match what is typed (all names for empty text): the text
 * inside the name, ignoring case, or each typed word at the start of one of the name's words,
 * written either way ("pull up", "pullups" and "Pull-Up"; "db curls" and "Dumbbell Curl";
 * "bench" and "Barbell Bench Press").
 */
export function filterNames(names: readonly string[], text: string): string[] {
  const needle = text.trim().toLowerCase();
  if (needle === "") return [...names];
  const typed = words(needle);
  return names.filter((name) => {
    if (name.toLowerCase().includes(needle)) return true;
    const own = words(name);
    return typed.length > 0 && typed.every((word) => own.some((w) => w.startsWith(word)));
  });
}

// How one word is written in several ways: closed compounds, short forms, misspellings.
const spellings: Record<string, string> = {
  pullup: "pull up",
  pushup: "push up",
  chinup: "chin up",
  situp: "sit up",
  stepup: "step up",
  muscleup: "muscle up",
  pulldown: "pull down",
  db: "dumbbell",
  dumbell: "dumbbell",
  bb: "barbell",
  kb: "kettlebell",
  flye: "fly",
  flie: "fly",
  tricep: "triceps",
  bicep: "biceps",
  ohp: "overhead press",
  rdl: "romanian deadlift",
};

/** words is a name as lower-case words: hyphens, slashes and brackets split them, plurals end. */
function words(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[\s\-/(),.&]+/)
    .filter((w) => w !== "")
    .map(singular)
    .flatMap((w) => (spellings[w] ?? w).split(" "));
}

function singular(w: string): string {
  if (w === "triceps" || w === "biceps" || w.endsWith("ss") || w.length <= 3) return w === "ups" ? "up" : w;
  if (/(?:ss|ch|sh|x)es$/.test(w)) return w.slice(0, -2);
  if (w === "flies") return "fly";
  return w.endsWith("s") ? w.slice(0, -1) : w;
}

/**
 * closestNames are up to `limit` names nearest to what is typed: those filterNames keeps first,
 * then those sharing the most of its words.
 */
export function closestNames(names: readonly string[], text: string, limit: number): string[] {
  const matched = filterNames(names, text);
  if (matched.length >= limit || text.trim() === "") return matched.slice(0, limit);
  const typed = words(text.trim());
  const shared = names
    .filter((name) => !matched.includes(name))
    .map((name) => {
      const own = words(name);
      return { name, count: typed.filter((word) => own.some((w) => w.startsWith(word))).length };
    })
    .filter((x) => x.count > 0)
    .sort((a, b) => b.count - a.count);
  return [...matched, ...shared.map((x) => x.name)].slice(0, limit);
}
