import { test as base } from "@playwright/test";
import { runVariable, serversVariable, skipReason, type Database, type RunInfo, type ServerInfo } from "./environment";
import { openOwnDatabase, type OwnDatabase } from "./own-database";

/** ServerOptions are the per-project options: which database's server to use. */
export interface ServerOptions {
  database: Database;
}

interface ServerFixtures {
  server: ServerInfo;
  mailboxDir: string;
  /** A fresh database of the test's own, for servers it starts itself (see own-database.ts). */
  ownDatabase: OwnDatabase;
}

/**
 * test is Playwright's test bound to the project's server: `baseURL` and `mailboxDir` come from
 * the server global setup started for the project's database; `ownDatabase` is a fresh one of the
 * project's kind for a test that starts servers of its own. Without Chromium it skips.
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
  ownDatabase: async ({ database }, use) => {
    test.skip(skipReason !== null, skipReason ?? "");
    const run = JSON.parse(process.env[runVariable] ?? "null") as RunInfo | null;
    if (!run) throw new Error("global setup handed no binary to start servers with");
    const own = openOwnDatabase(run, database);
    await use(own);
    await own.close();
  },
});

export { expect } from "@playwright/test";
