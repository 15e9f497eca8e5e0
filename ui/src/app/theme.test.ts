import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultConfig } from "@chakra-ui/react";
import * as chakraTheme from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import { system } from "./theme";

// The app's Chakra system carries only the recipes of the components the app uses (theme.ts).
// A component whose recipe is missing renders unstyled without an error, so this test reads
// every Chakra import of src/, finds in Chakra's own code which recipes each component asks the
// system for, and fails naming the recipe to add to theme.ts.

const src = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const chakraEsm = join(dirname(createRequire(import.meta.url).resolve("@chakra-ui/react/package.json")), "dist/esm");

/** groups lists the first two capture groups of every match of pattern in text. */
function groups(text: string, pattern: RegExp): [string, string][] {
  return [...text.matchAll(pattern)].map(([, first = "", second = ""]) => [first, second]);
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** usedNames maps each name src/ imports from @chakra-ui/react to a file that imports it. */
function usedNames(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, "utf8");
    for (const [names] of groups(text, /import\s+\{([^}]*)\}\s+from\s+"@chakra-ui\/react"/g)) {
      for (const part of names.split(",")) {
        const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0] ?? "";
        if (name) used.set(name, relative(src, file));
      }
    }
  }
  return used;
}

/** moduleOf maps each name @chakra-ui/react exports from a module of its own to that module. */
function moduleOf(): Map<string, string> {
  const index = readFileSync(join(chakraEsm, "index.js"), "utf8");
  const modules = new Map<string, string>();
  for (const [names, from] of groups(index, /export \{([^}]*)\} from '(\.[^']+)'/g)) {
    for (const part of names.split(",")) modules.set(part.trim().split(/\s+as\s+/).pop() ?? "", join(chakraEsm, from));
  }
  // Namespaces (Card, Menu, Table…): `import * as namespace$6 from …; export { namespace$6 as Card };`
  const namespaces = new Map(groups(index, /import \* as (\S+) from '(\.[^']+)'/g));
  for (const [namespace, name] of groups(index, /export \{ (\S+) as (\w+) \};/g)) {
    const from = namespaces.get(namespace);
    if (from) modules.set(name, join(chakraEsm, from));
  }
  return modules;
}

/** recipeKeys lists the recipe keys a Chakra module and the component modules it imports ask for. */
function recipeKeys(module: string, seen = new Set<string>(), keys = new Set<string>()): Set<string> {
  if (seen.has(module)) return keys;
  seen.add(module);
  const text = readFileSync(module, "utf8");
  for (const [key] of groups(text, /\bkey:\s*"(\w+)"/g)) keys.add(key);
  for (const [from] of groups(text, /from '(\.[^']+)'/g)) {
    const imported = resolve(dirname(module), from);
    if (imported.startsWith(join(chakraEsm, "components"))) recipeKeys(imported, seen, keys);
  }
  return keys;
}

/** exportName is the name @chakra-ui/react/theme exports the default recipe of a key under. */
function exportName(key: string, kind: "recipes" | "slotRecipes"): string {
  const name = `${key}${kind === "recipes" ? "Recipe" : "SlotRecipe"}`;
  return name in chakraTheme ? name : "Chakra's default recipe";
}

describe("the app's Chakra system", () => {
  it("has the recipe of every Chakra component src/ uses", () => {
    const defaults = { recipes: defaultConfig.theme?.recipes ?? {}, slotRecipes: defaultConfig.theme?.slotRecipes ?? {} };
    const modules = moduleOf();
    const missing = new Map<string, string>();
    const used = usedNames();
    for (const [name, file] of used) {
      const module = modules.get(name);
      if (!module) continue; // a type, or a re-export of Ark UI (Portal): no recipe
      for (const key of recipeKeys(module)) {
        for (const kind of ["recipes", "slotRecipes"] as const) {
          const recipe = defaults[kind][key];
          const present = kind === "recipes" ? system.isRecipe(key) : system.isSlotRecipe(key);
          if (recipe && !present && !missing.has(key)) {
            missing.set(
              key,
              `${name} (imported in src/${file}) is styled by Chakra's ${kind === "recipes" ? "recipe" : "slot recipe"} ` +
                `"${key}": add \`${key}: ${exportName(key, kind)}\` to ${kind} in src/app/theme.ts`,
            );
          }
        }
      }
    }
    expect(used.size).toBeGreaterThan(10); // the scan found the imports
    expect([...missing.values()]).toEqual([]);
  });

  it("is imported from @chakra-ui/react only, so the scan above sees every component", () => {
    const elsewhere: string[] = [];
    for (const file of sourceFiles(src)) {
      for (const [from] of groups(readFileSync(file, "utf8"), /from\s+"(@chakra-ui\/react\/[^"]+)"/g)) {
        if (from !== "@chakra-ui/react/theme") elsewhere.push(`src/${relative(src, file)} imports ${from}`);
      }
    }
    expect(elsewhere).toEqual([]);
  });
});
