import { test as base } from "@playwright/test";
import { serversVariable, skipReason, type Database, type ServerInfo } from "./environment";

/** ServerOptions are the per-project options: which database's server to use. */
export interface ServerOptions {
  database: Database;
}

interface ServerFixtures {
  mailboxDir: string;
}

/**
 * test is Playwright's test bound to the project's server: `baseURL` and `mailboxDir` come from
 * the server global setup started for the project's database. Without Chromium it skips.
 */
export const test = base.extend<ServerFixtures & ServerOptions>({
  database: ["sqlite", { option: true }],
  baseURL: async ({ database }, use) => {
    await use(server(database).baseURL);
  },
  mailboxDir: async ({ database }, use) => {
    await use(server(database).mailboxDir);
  },
});

test.beforeEach(() => {
  test.skip(skipReason !== null, skipReason ?? "");
});

export { expect } from "@playwright/test";

function server(database: Database): ServerInfo {
  const servers = JSON.parse(process.env[serversVariable] ?? "{}") as Partial<Record<Database, ServerInfo>>;
  const info = servers[database];
  if (!info) throw new Error(`global setup started no server for ${database}`);
  return info;
}
