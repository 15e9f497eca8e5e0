// Prints the gzip size of the first-load JavaScript (the scripts and module preloads that
// dist/index.html names) and fails above the budget; with --chunks, every other chunk too, with
// what loading it downloads beyond the first load (its own size and the chunks it imports).
// Run after `vite build`: node scripts/bundle-size.mjs [--chunks | chunk-name-pattern]
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { firstLoadBudgetKb, firstLoadScripts, gzipKb } from "./first-load.mjs";

const dist = new URL("../dist/", import.meta.url).pathname;
const html = readFileSync(join(dist, "index.html"), "utf8");
const firstLoad = firstLoadScripts(html);

const read = (file) => readFileSync(join(dist, file));
const kb = (files) => files.reduce((sum, file) => sum + gzipKb(read(file)), 0);
const show = (label, files) => console.log(`${label}: ${kb(files).toFixed(2)} kB gzip (${files.join(", ")})`);

show("first load", firstLoad);
const chunks = readdirSync(join(dist, "assets"))
  .filter((name) => name.endsWith(".js"))
  .map((name) => `assets/${name}`)
  .filter((file) => !firstLoad.includes(file));

// The chunks a chunk imports statically (dynamic imports load later, on their own).
const imports = (file, seen = new Set()) => {
  for (const [, name] of read(file).toString().matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    const imported = `assets/${name}`;
    if (!seen.has(imported) && !firstLoad.includes(imported)) {
      seen.add(imported);
      imports(imported, seen);
    }
  }
  return seen;
};

const arg = process.argv[2];
if (arg === "--chunks") {
  const rows = chunks.map((file) => ({ file, own: kb([file]), total: kb([file, ...imports(file)]) }));
  rows.sort((a, b) => a.file.localeCompare(b.file));
  console.log("| chunk | gzip | with the chunks it imports |\n|---|---|---|");
  for (const { file, own, total } of rows) {
    const name = file.replace(/^assets\//, "").replace(/-[\w-]{8}\.js$/, "");
    console.log(`| \`${name}\` | ${own.toFixed(2)} kB | ${total.toFixed(2)} kB |`);
  }
} else if (arg) {
  for (const file of chunks.filter((file) => file.includes(arg))) show(arg, [file]);
}

if (kb(firstLoad) > firstLoadBudgetKb) {
  console.error(`the first load is over its budget of ${firstLoadBudgetKb} kB gzip`);
  process.exit(1);
}
