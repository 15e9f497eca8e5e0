import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FullConfig } from "@playwright/test";
import { browserRequired, serversVariable, skipReason, type Database, type ServerInfo } from "./environment";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

interface RunningServer {
  database: Database;
  info: ServerInfo;
  processes: ChildProcess[];
  dir: string;
  dropDatabase?: () => void;
  proxy?: RoundRobinProxy;
}

/** The stand-in's fixed credentials and ids (see cmd/paypal-standin -h). */
const paypalStandin = {
  clientId: "standin-client",
  secret: "standin-secret",
  planId: "P-STANDIN-TRAINER",
  webhookId: "WH-STANDIN",
} as const;

/**
 * globalSetup starts the local PayPal stand-in, then one `gymlog serve` per project database on
 * a free port, with a fresh database and mailbox in a temporary folder and PayPal pointed at the
 * stand-in, waits until each answers, and returns the teardown that stops them all and removes
 * what they made.
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
  return teardown;
}

async function start(binary: string, database: Database, paypalEnv: Record<string, string>): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), `gymlog-e2e-${database}-`));
  const mailboxDir = join(dir, "mailbox");
  let databaseURL = join(dir, "gymlog.db");
  let dropDatabase: (() => void) | undefined;
  if (database !== "sqlite") {
    ({ databaseURL, dropDatabase } = createPostgresDatabase());
  }
  const server: RunningServer = { database, info: { baseURL: "", mailboxDir }, processes: [], dir, dropDatabase };
  const env = { ...process.env, ...paypalEnv, GYMLOG_DATABASE_URL: databaseURL, GYMLOG_MAILBOX_DIR: mailboxDir };
  try {
    // The two-node project runs the workout flow only, which needs no demo lifter.
    if (database !== "two-nodes") seedDemo(binary, env);
    const nodes: string[] = [];
    for (let node = 0; node < (database === "two-nodes" ? 2 : 1); node++) {
      const port = await freePort();
      const logPath = join(dir, `server-${node}.log`);
      const log = createWriteStream(logPath);
      const child = spawn(binary, ["serve"], {
        env: { ...env, GYMLOG_ADDR: `127.0.0.1:${port}` },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      server.processes.push(child);
      const baseURL = `http://127.0.0.1:${port}`;
      nodes.push(baseURL);
      await waitForAnswer(`${baseURL}/readyz`, child, logPath, "gymlog serve");
      server.info.baseURL = baseURL;
    }
    if (nodes.length > 1) {
      server.proxy = await startRoundRobinProxy(nodes);
      server.info.baseURL = server.proxy.baseURL;
    }
  } catch (error) {
    await stop(server);
    throw error;
  }
  return server;
}

// seedDemo records the demo lifter's year (`gymlog demo`, see e2e/demo.ts) before the server
// starts, so specs can sign in to full charts.
function seedDemo(binary: string, env: NodeJS.ProcessEnv): void {
  const demo = spawnSync(binary, ["demo"], { env, encoding: "utf8", timeout: 120_000 });
  if (demo.status !== 0) {
    throw new Error(`gymlog demo failed (${demo.status ?? demo.signal}):\n${demo.stdout}${demo.stderr}`);
  }
}

// waitForAnswer polls url until it answers 200, failing when the process exits or after 60 s.
async function waitForAnswer(url: string, child: ChildProcess, logPath: string, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited with ${child.exitCode}:\n${tail(logPath)}`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready within 60 s:\n${tail(logPath)}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

async function stop(server: RunningServer): Promise<void> {
  if (server.proxy) {
    await server.proxy.close();
    console.log(`two nodes served ${server.proxy.served.join(" and ")} requests`);
  }
  await Promise.all(server.processes.map(stopProcess));
  server.processes.forEach((_, node) => printTrouble(server, node));
  server.dropDatabase?.();
  if (process.env.GYMLOG_E2E_KEEP === "1") {
    console.log(`kept ${server.dir}`);
  } else {
    rmSync(server.dir, { recursive: true, force: true });
  }
}

// printTrouble prints what a server logged that a failing test may trace back to: its
// warnings and errors (a 500's cause, read models lagging behind a write), its 5xx answers and
// its answers slower than 2 s. CI's temp folder goes with the machine, so this is what is left
// of the server's side of a failure seen once there.
function printTrouble(server: RunningServer, node: number): void {
  const logPath = join(server.dir, `server-${node}.log`);
  if (!existsSync(logPath)) return;
  const trouble = readFileSync(logPath, "utf8")
    .split("\n")
    .filter((line) => /"level":"(WARN|ERROR)"/.test(line) || troubledRequest(line));
  if (trouble.length === 0) return;
  const shown = trouble.slice(0, 60).join("\n");
  const more = trouble.length > 60 ? `\n… ${trouble.length - 60} more` : "";
  console.log(`${server.database} server ${node}: ${trouble.length} warnings, errors, 5xx or slow answers:\n${shown}${more}`);
}

function troubledRequest(line: string): boolean {
  if (!line.includes('"msg":"request"')) return false;
  try {
    const request = JSON.parse(line) as { status?: number; duration?: number };
    return (request.status ?? 0) >= 500 || (request.duration ?? 0) >= 2e9;
  } catch {
    return false;
  }
}

/** Standin is the running PayPal stand-in every server of the run shares. */
interface Standin {
  baseURL: string;
  process: ChildProcess;
  dir: string;
}

// The GYMLOG_PAYPAL_* settings that point `gymlog serve` at the stand-in's REST API and JS SDK.
function paypalEnvironment(baseURL: string): Record<string, string> {
  return {
    GYMLOG_PAYPAL_API_URL: baseURL,
    GYMLOG_PAYPAL_SDK_URL: `${baseURL}/sdk/js`,
    GYMLOG_PAYPAL_CLIENT_ID: paypalStandin.clientId,
    GYMLOG_PAYPAL_SECRET: paypalStandin.secret,
    GYMLOG_PAYPAL_PLAN_ID: paypalStandin.planId,
    GYMLOG_PAYPAL_WEBHOOK_ID: paypalStandin.webhookId,
  };
}

async function startStandin(binary: string): Promise<Standin> {
  const dir = mkdtempSync(join(tmpdir(), "gymlog-e2e-paypal-"));
  const port = await freePort();
  const logPath = join(dir, "paypal-standin.log");
  const log = createWriteStream(logPath);
  const child = spawn(binary, ["-addr", `127.0.0.1:${port}`], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const standin: Standin = { baseURL: `http://127.0.0.1:${port}`, process: child, dir };
  try {
    await waitForAnswer(`${standin.baseURL}/sdk/js`, child, logPath, "paypal-standin");
  } catch (error) {
    await stopStandin(standin);
    throw error;
  }
  return standin;
}

async function stopStandin(standin: Standin): Promise<void> {
  await stopProcess(standin.process);
  if (process.env.GYMLOG_E2E_KEEP === "1") {
    console.log(`kept ${standin.dir}`);
  } else {
    rmSync(standin.dir, { recursive: true, force: true });
  }
}

// A fresh PostgreSQL database on the server GYMLOG_TEST_POSTGRES_URL names, dropped afterwards.
function createPostgresDatabase(): { databaseURL: string; dropDatabase: () => void } {
  const adminURL = process.env.GYMLOG_TEST_POSTGRES_URL ?? "";
  const name = `gymlog_e2e_${randomBytes(6).toString("hex")}`;
  psql(adminURL, `CREATE DATABASE ${name}`);
  const url = new URL(adminURL);
  url.pathname = `/${name}`;
  return {
    databaseURL: url.toString(),
    dropDatabase: () => psql(adminURL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function psql(url: string, sql: string): void {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-c", sql], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`psql failed (${sql}): ${result.stderr || result.error?.message}`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function tail(path: string): string {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-30).join("\n");
  } catch {
    return "(no log)";
  }
}
