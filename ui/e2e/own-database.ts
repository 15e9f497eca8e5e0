import type { Database, RunInfo } from "./environment";
import { freshStore, paypalEnvironment, removeStore, startNode, stopNode, storeEnvironment, type Node } from "./servers";

/** OwnServer is one `gymlog serve` a spec started on its own database. */
export interface OwnServer {
  baseURL: string;
  /** stop stops the server (the database stays, for the next one). */
  stop: () => Promise<void>;
}

/**
 * OwnDatabase is a fresh database of one spec's own, with a mailbox of its own, for servers the
 * spec starts and stops itself: a server whose clock is moved (GYMLOG_CLOCK_OFFSET) must not
 * serve the other specs, which share the servers of global setup. Its servers are pointed at the
 * run's PayPal stand-in.
 */
export interface OwnDatabase {
  mailboxDir: string;
  /** serve starts a server on the database with env added to its settings, and waits until it answers. */
  serve: (env?: Record<string, string>) => Promise<OwnServer>;
  /** close stops the servers still running and drops the database. */
  close: () => Promise<void>;
}

/** openOwnDatabase makes a fresh database of the project's kind for one spec. */
export function openOwnDatabase(run: RunInfo, database: Database): OwnDatabase {
  if (database === "two-nodes") throw new Error("a spec's own database is SQLite or PostgreSQL");
  const store = freshStore(database, `${database}-own`);
  const env = { ...paypalEnvironment(run.paypalURL), ...storeEnvironment(store) };
  const running = new Set<Node>();
  let started = 0;
  const stop = async (node: Node, label: string) => {
    if (running.delete(node)) await stopNode(node, label);
  };
  return {
    mailboxDir: store.mailboxDir,
    serve: async (extra = {}) => {
      const name = `own-${started++}`;
      const node = await startNode(run.binary, { ...env, ...extra }, store.dir, name);
      running.add(node);
      return { baseURL: node.baseURL, stop: () => stop(node, `${database} server ${name}`) };
    },
    close: async () => {
      await Promise.all([...running].map((node) => stop(node, `${database} server left running`)));
      removeStore(store);
    },
  };
}
