import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, type Project } from "@playwright/test";
import { chromiumPath, type Database } from "./environment";
import type { ServerOptions } from "./fixtures";

// Each project runs every spec against its own `gymlog serve` (see global-setup.ts): SQLite
// always, PostgreSQL too when GYMLOG_TEST_POSTGRES_URL is set. With PostgreSQL, the workout flow
// also runs against two nodes on one database behind a round-robin proxy, every request going
// to the other node.
const databases: Database[] = process.env.GYMLOG_TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

// What the browser draws and the files the server sends do not depend on the store: axe, the
// compressed files, the first load's budget, the layouts at 375 px, the public pages and the
// calculator run on SQLite only (axe alone was a third of the suite's time on two backends);
// every other spec runs on both.
const storeBlind = /\/(accessibility|compression|first-load|mobile|account-mobile|account-public-pages|account-calculator)\.spec\.ts$/;

const projects: Project<ServerOptions>[] = databases.map((database) => ({
  name: database,
  use: { database },
  testIgnore: database === "sqlite" ? undefined : storeBlind,
}));
if (process.env.GYMLOG_TEST_POSTGRES_URL) {
  projects.push({ name: "two-nodes", use: { database: "two-nodes" }, testMatch: /workouts\.spec\.ts/ });
}

// Each run keeps its traces and failure screenshots in a folder of its own under the OS temp
// folder, so two runs at once (two checkouts, two people) do not empty or overwrite each other's.
// Every worker loads this file again: the first load picks the folder and hands it to the workers
// through the environment. GYMLOG_E2E_OUTPUT_DIR (relative to e2e/) or --output picks it instead,
// e.g. to keep .last-run.json for --last-failed between runs.
const outputDir = (process.env.GYMLOG_E2E_OUTPUT_DIR ||= mkdtempSync(join(tmpdir(), "gymlog-e2e-results-")));

export default defineConfig<ServerOptions>({
  testDir: "./specs",
  outputDir,
  globalSetup: "./global-setup.ts",
  // Specs are independent (each signs up its own lifter), so files run side by side, one
  // browser per worker; GYMLOG_E2E_WORKERS picks how many (1 to debug one at a time).
  fullyParallel: false,
  workers: Number(process.env.GYMLOG_E2E_WORKERS ?? 2),
  retries: 0,
  // A ceiling to catch a hang, not a timing check: the longest flows take 30-45 s with two
  // workers on a quiet two-core machine, and a busy one must not fail a correct test.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // The list, and the page as it stood at each failure (see failure-context-reporter.ts).
  reporter: [["list"], ["./failure-context-reporter.ts"]],
  forbidOnly: !!process.env.CI,
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    locale: "en-GB",
    timezoneId: "UTC",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects,
});
