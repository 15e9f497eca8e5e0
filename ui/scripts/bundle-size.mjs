// Prints the gzip size of the first-load JavaScript (the scripts and module preloads that
// dist/index.html names) and of every other chunk whose name matches the optional argument.
// Run after `vite build`: node scripts/bundle-size.mjs [chunk-name-pattern]
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const html = readFileSync(join(dist, "index.html"), "utf8");
const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const show = (label, files) => {
  const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
  console.log(`${label}: ${total.toFixed(2)} kB gzip (${files.join(", ")})`);
};

show("first load", firstLoad);
const pattern = process.argv[2];
if (pattern) {
  const matching = readdirSync(join(dist, "assets"))
    .filter((name) => name.endsWith(".js") && name.includes(pattern))
    .map((name) => `assets/${name}`);
  for (const file of matching) show(pattern, [file]);
}
