import { existsSync } from "node:fs";

/** The Debian Chromium the end-to-end tests drive; Playwright cannot download browsers here. */
export const chromiumPath = "/usr/bin/chromium";

/** True when GYMLOG_REQUIRE_BROWSER=1: a missing browser is then a failure, not a skip. */
export const browserRequired = process.env.GYMLOG_REQUIRE_BROWSER === "1";

/** The reason to skip every end-to-end test, or null when Chromium is there. */
export const skipReason = existsSync(chromiumPath)
  ? null
  : `${chromiumPath} is not installed (apt-get install -y chromium): end-to-end tests skipped. ` +
    "Set GYMLOG_REQUIRE_BROWSER=1 to make this a failure.";

/**
 * The database a Playwright project runs its own server on; "two-nodes" is two servers on one
 * PostgreSQL database behind a round-robin proxy, as production runs.
 */
export type Database = "sqlite" | "postgres" | "two-nodes";

/** ServerInfo is one running server, as global setup hands it to the tests. */
export interface ServerInfo {
  baseURL: string;
  mailboxDir: string;
}

/** The variable through which global setup tells the tests where its servers listen. */
export const serversVariable = "GYMLOG_E2E_SERVERS";

/** RunInfo is what a spec needs to start servers of its own, as global setup hands it to the tests. */
export interface RunInfo {
  /** The gymlog binary, an absolute path. */
  binary: string;
  /** The PayPal stand-in every server of the run is pointed at. */
  paypalURL: string;
}

/** The variable through which global setup tells the tests the binary and the stand-in. */
export const runVariable = "GYMLOG_E2E_RUN";
