// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of dist/ that compresses,
// so that the Go server sends them pre-compressed (httpapi/ui.go) at no CPU cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const compressible = new Set([".js", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt", ".map"]);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.has(extname(name))) yield path;
  }
}

for (const path of files(dist)) {
  const content = readFileSync(path);
  const copies = {
    ".br": brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    ".gz": gzipSync(content, { level: 9 }),
  };
  for (const [suffix, compressed] of Object.entries(copies)) {
    if (compressed.length < content.length) writeFileSync(path + suffix, compressed);
  }
}
