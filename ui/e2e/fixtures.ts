import { test as base } from "@playwright/test";
import { serversVariable, skipReason, type Database, type ServerInfo } from "./environment";

/** ServerOptions are the per-project options: which database's server to use. */
export interface ServerOptions {
  database: Database;
}

interface ServerFixtures {
  server: ServerInfo;
  mailboxDir: string;
}

/**
 * test is Playwright's test bound to the project's server: `baseURL` and `mailboxDir` come from
 * the server global setup started for the project's database. Without Chromium it skips.
 */
export const test = base.extend<ServerFixtures & ServerOptions>({
  database: ["sqlite", { option: true }],
  server: async ({ database }, use) => {
    // Skipping here, where the first fixture that needs the browser or the server is set up,
    // stops the test before anything tries to launch the missing browser.
    test.skip(skipReason !== null, skipReason ?? "");
    const servers = JSON.parse(process.env[serversVariable] ?? "{}") as Partial<Record<Database, ServerInfo>>;
    const info = servers[database];
    if (!info) throw new Error(`global setup started no server for ${database}`);
    await use(info);
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  mailboxDir: async ({ server }, use) => {
    await use(server.mailboxDir);
  },
});

export { expect } from "@playwright/test";
