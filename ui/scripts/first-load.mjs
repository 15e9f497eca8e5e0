// What the first visit of any page downloads: the scripts and module preloads that index.html
// names, measured gzipped (level 9, as scripts/compress-dist.mjs writes them). Shared by
// scripts/bundle-size.mjs and the end-to-end budget test (e2e/specs/first-load.spec.ts).
import { gzipSync } from "node:zlib";

/** The first-load JavaScript budget of issue #16, in kB gzipped. */
export const firstLoadBudgetKb = 180;

/** firstLoadScripts lists the scripts index.html loads or preloads, as paths without the leading /. */
export function firstLoadScripts(html) {
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
}

/** gzipKb is the gzipped size of content in kB. */
export function gzipKb(content) {
  return gzipSync(content, { level: 9 }).length / 1024;
}
