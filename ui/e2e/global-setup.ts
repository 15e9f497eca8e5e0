import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FullConfig } from "@playwright/test";
import { browserRequired, runVariable, serversVariable, skipReason, type Database, type RunInfo, type ServerInfo } from "./environment";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";
import {
  freshStore,
  paypalEnvironment,
  removeStore,
  seedDemo,
  startNode,
  startStandin,
  stopNode,
  stopStandin,
  storeEnvironment,
  type Node,
  type Standin,
  type Store,
} from "./servers";

interface RunningServer {
  database: Database;
  info: ServerInfo;
  store: Store;
  nodes: Node[];
  proxy?: RoundRobinProxy;
}

/**
 * globalSetup starts the local PayPal stand-in, then one `gymlog serve` per project database on
 * a free port, with a fresh database and mailbox in a temporary folder and PayPal pointed at the
 * stand-in, waits until each answers, and returns the teardown that stops them all and removes
 * what they made. It hands the tests the servers (GYMLOG_E2E_SERVERS) and, for a spec that starts
 * servers of its own, the binary and the stand-in (GYMLOG_E2E_RUN).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (skipReason) {
    if (browserRequired) throw new Error(skipReason.replace("end-to-end tests skipped", "GYMLOG_REQUIRE_BROWSER=1"));
    console.warn(skipReason);
    return async () => undefined;
  }
  // Paths are relative to ui/, where `npm run e2e` runs.
  const uiDir = config.configFile ? join(config.configFile, "..", "..") : process.cwd();
  const binary = resolve(uiDir, process.env.GYMLOG_E2E_BINARY ?? "../bin/gymlog");
  if (!existsSync(binary)) {
    throw new Error(`${binary} does not exist: build it first (make build), or set GYMLOG_E2E_BINARY`);
  }
  const standinBinary = resolve(uiDir, process.env.GYMLOG_E2E_PAYPAL_STANDIN ?? "../bin/paypal-standin");
  if (!existsSync(standinBinary)) {
    throw new Error(`${standinBinary} does not exist: build it first (make build), or set GYMLOG_E2E_PAYPAL_STANDIN`);
  }

  const databases = new Set(
    config.projects.map((project) => (project.use as { database?: Database }).database ?? "sqlite"),
  );
  const servers: RunningServer[] = [];
  let standin: Standin | undefined;
  const teardown = async () => {
    await Promise.all(servers.map(stop));
    if (standin) await stopStandin(standin);
  };
  try {
    standin = await startStandin(standinBinary);
    const paypalEnv = paypalEnvironment(standin.baseURL);
    for (const database of databases) servers.push(await start(binary, database, paypalEnv));
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env[serversVariable] = JSON.stringify(
    Object.fromEntries(servers.map((server) => [server.database, server.info])),
  );
  const run: RunInfo = { binary, paypalURL: standin.baseURL };
  process.env[runVariable] = JSON.stringify(run);
  return teardown;
}

async function start(binary: string, database: Database, paypalEnv: Record<string, string>): Promise<RunningServer> {
  const store = freshStore(database, database);
  const server: RunningServer = { database, info: { baseURL: "", mailboxDir: store.mailboxDir }, store, nodes: [] };
  const env = { ...paypalEnv, ...storeEnvironment(store) };
  try {
    // The two-node project runs the workout flow only, which needs no demo lifter.
    if (database !== "two-nodes") seedDemo(binary, env);
    for (let node = 0; node < (database === "two-nodes" ? 2 : 1); node++) {
      server.nodes.push(await startNode(binary, env, store.dir, String(node)));
    }
    server.info.baseURL = server.nodes[0]?.baseURL ?? "";
    if (server.nodes.length > 1) {
      server.proxy = await startRoundRobinProxy(server.nodes.map((node) => node.baseURL));
      server.info.baseURL = server.proxy.baseURL;
    }
  } catch (error) {
    await stop(server);
    throw error;
  }
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  if (server.proxy) {
    await server.proxy.close();
    console.log(`two nodes served ${server.proxy.served.join(" and ")} requests`);
  }
  await Promise.all(server.nodes.map((node, n) => stopNode(node, `${server.database} server ${n}`)));
  removeStore(server.store);
}
