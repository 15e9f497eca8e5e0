import { defineConfig, type Project } from "@playwright/test";
import { chromiumPath, type Database } from "./environment";
import type { ServerOptions } from "./fixtures";

// Each project runs every spec against its own `gymlog serve` (see global-setup.ts): SQLite
// always, PostgreSQL too when GYMLOG_TEST_POSTGRES_URL is set.
const databases: Database[] = process.env.GYMLOG_TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

const projects: Project<ServerOptions>[] = databases.map((database) => ({
  name: database,
  use: { database },
}));

export default defineConfig<ServerOptions>({
  testDir: "./specs",
  outputDir: "../test-results",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
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
