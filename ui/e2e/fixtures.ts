import { test as base, expect, type Page } from "@playwright/test";
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

/** appStartCeiling is how long a full page load may take to draw its screen (see settling). */
const appStartCeiling = 30_000;

/**
 * settling makes page.goto and page.reload wait, after the browser's load event, until the app
 * has drawn the screen: its main landmark is there with no "Loading" spinner left, for at most
 * appStartCeiling. It does not fail: what the test expects next says what is wrong.
 *
 * Why: a full page load starts the app afresh (every script evaluated, the route's chunks, the
 * signed-in user). On a CI machine whose two cores are shared by two browsers, four servers and
 * PostgreSQL, the browser waited for CPU: a trace showed every answer within 0.3 s and the
 * screen still "Loading" 10 s after the load (the default expect timeout), in three specs on
 * both backends. Load speed is measured by Lighthouse and the benchmarks (issue #26), not by a
 * test's first expectation after a navigation.
 */
function settling(page: Page): void {
  const settled = async () => {
    const deadline = Date.now() + appStartCeiling;
    try {
      await expect(page.locator("main")).toBeAttached({ timeout: appStartCeiling });
      const left = Math.max(deadline - Date.now(), 1);
      await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0, { timeout: left });
    } catch {
      // Not an app page, or a page that keeps a spinner: the test's own expectations decide.
    }
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await settled();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await settled();
    return response;
  };
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
  context: async ({ context }, use) => {
    for (const page of context.pages()) settling(page);
    context.on("page", settling);
    await use(context);
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

export { expect };
