// Empties dist/ before a build but keeps dist/.gitkeep, which the Go binary's embed needs.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const dist = new URL("../dist/", import.meta.url).pathname;
for (const name of readdirSync(dist)) {
  if (name !== ".gitkeep") rmSync(join(dist, name), { recursive: true, force: true });
}
