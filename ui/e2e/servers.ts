import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "./environment";

// What starts and stops the processes the end-to-end tests run against: `gymlog serve` nodes on
// fresh databases, and the PayPal stand-in. Global setup starts the servers every spec shares;
// a spec that must move a server's clock starts its own with the same helpers (own-database.ts).

/** Store is a fresh database with its folder (logs, the SQLite file) and development mailbox. */
export interface Store {
  dir: string;
  databaseURL: string;
  mailboxDir: string;
  /** Drops the PostgreSQL database; absent for SQLite, whose file goes with dir. */
  dropDatabase?: () => void;
}

/**
 * freshStore makes a temporary folder and a fresh database in it (SQLite) or on the server
 * GYMLOG_TEST_POSTGRES_URL names (PostgreSQL), and names a mailbox folder in it.
 */
export function freshStore(database: Database, label: string): Store {
  const dir = mkdtempSync(join(tmpdir(), `gymlog-e2e-${label}-`));
  const store: Store = { dir, databaseURL: join(dir, "gymlog.db"), mailboxDir: join(dir, "mailbox") };
  if (database !== "sqlite") {
    try {
      const postgres = createPostgresDatabase();
      store.databaseURL = postgres.databaseURL;
      store.dropDatabase = postgres.dropDatabase;
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  return store;
}

/** storeEnvironment is the settings that point `gymlog` at store's database and mailbox. */
export function storeEnvironment(store: Store): Record<string, string> {
  return { GYMLOG_DATABASE_URL: store.databaseURL, GYMLOG_MAILBOX_DIR: store.mailboxDir };
}

/** removeStore drops store's database and removes its folder, unless GYMLOG_E2E_KEEP=1 keeps it. */
export function removeStore(store: Store): void {
  store.dropDatabase?.();
  removeDir(store.dir);
}

/** Node is one running `gymlog serve`, logging to logPath. */
export interface Node {
  baseURL: string;
  process: ChildProcess;
  logPath: string;
}

/**
 * startNode runs `binary serve` with env on a free port of 127.0.0.1, logging to
 * dir/server-name.log, and waits until it answers /readyz.
 */
export async function startNode(binary: string, env: Record<string, string>, dir: string, name: string): Promise<Node> {
  const port = await freePort();
  const logPath = join(dir, `server-${name}.log`);
  const log = createWriteStream(logPath);
  const child = spawn(binary, ["serve"], {
    env: { ...process.env, ...env, GYMLOG_ADDR: `127.0.0.1:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const node: Node = { baseURL: `http://127.0.0.1:${port}`, process: child, logPath };
  try {
    await waitForAnswer(`${node.baseURL}/readyz`, child, logPath, "gymlog serve");
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return node;
}

/** stopNode stops a node and prints what it logged that a failing test may trace back to. */
export async function stopNode(node: Node, label: string): Promise<void> {
  await stopProcess(node.process);
  printTrouble(node.logPath, label);
}

/**
 * seedDemo records the demo lifter's year (`gymlog demo`, see e2e/demo.ts) before the server
 * starts, so specs can sign in to full charts.
 */
export function seedDemo(binary: string, env: Record<string, string>): void {
  const demo = spawnSync(binary, ["demo"], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 120_000 });
  if (demo.status !== 0) {
    throw new Error(`gymlog demo failed (${demo.status ?? demo.signal}):\n${demo.stdout}${demo.stderr}`);
  }
}

/** Standin is the running PayPal stand-in every server of the run shares. */
export interface Standin {
  baseURL: string;
  process: ChildProcess;
  dir: string;
}

/** The stand-in's fixed credentials and ids (see cmd/paypal-standin -h). */
const paypalStandin = {
  clientId: "standin-client",
  secret: "standin-secret",
  planId: "P-STANDIN-TRAINER",
  webhookId: "WH-STANDIN",
} as const;

/** paypalEnvironment is the GYMLOG_PAYPAL_* settings that point `gymlog serve` at the stand-in's REST API and JS SDK. */
export function paypalEnvironment(baseURL: string): Record<string, string> {
  return {
    GYMLOG_PAYPAL_API_URL: baseURL,
    GYMLOG_PAYPAL_SDK_URL: `${baseURL}/sdk/js`,
    GYMLOG_PAYPAL_CLIENT_ID: paypalStandin.clientId,
    GYMLOG_PAYPAL_SECRET: paypalStandin.secret,
    GYMLOG_PAYPAL_PLAN_ID: paypalStandin.planId,
    GYMLOG_PAYPAL_WEBHOOK_ID: paypalStandin.webhookId,
  };
}

/** startStandin runs the PayPal stand-in on a free port and waits until it serves its SDK. */
export async function startStandin(binary: string): Promise<Standin> {
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

/** stopStandin stops the stand-in and removes its folder. */
export async function stopStandin(standin: Standin): Promise<void> {
  await stopProcess(standin.process);
  removeDir(standin.dir);
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

function removeDir(dir: string): void {
  if (process.env.GYMLOG_E2E_KEEP === "1") {
    console.log(`kept ${dir}`);
  } else {
    rmSync(dir, { recursive: true, force: true });
  }
}

// printTrouble prints what a server logged that a failing test may trace back to: its
// warnings and errors (a 500's cause, read models lagging behind a write), its 5xx answers and
// its answers slower than 2 s. CI's temp folder goes with the machine, so this is what is left
// of the server's side of a failure seen once there.
function printTrouble(logPath: string, label: string): void {
  if (!existsSync(logPath)) return;
  const trouble = readFileSync(logPath, "utf8")
    .split("\n")
    .filter((line) => /"level":"(WARN|ERROR)"/.test(line) || troubledRequest(line));
  if (trouble.length === 0) return;
  const shown = trouble.slice(0, 60).join("\n");
  const more = trouble.length > 60 ? `\n… ${trouble.length - 60} more` : "";
  console.log(`${label}: ${trouble.length} warnings, errors, 5xx or slow answers:\n${shown}${more}`);
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
