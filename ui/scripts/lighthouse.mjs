// Lighthouse (mobile profile: a mid-range phone on a slow 4G link, simulated) against the built
// binary: starts `gymlog serve` on a fresh SQLite database and a free port, seeds the demo
// lifter's year (`gymlog demo`) and signs in as them, starts a workout with a set, then audits
// /home and /signin as a visitor and /dashboard and the workout as the lifter in Debian's
// Chromium. Prints the four category scores per page, the performance metrics behind them, and
// whether Chromium finds the app installable (its manifest and service worker).
//
// Run after `make build`, from ui/: npm run lighthouse [-- --runs=3] [--out=DIR]
// GYMLOG_BINARY picks another binary (default ../bin/gymlog), CHROME_PATH another Chromium.
// With --runs=N each page is audited N times and the run with the median performance score
// is shown; --out=DIR keeps each shown run's full report there as JSON.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";

const { values: options } = parseArgs({ options: { runs: { type: "string", default: "1" }, out: { type: "string" } } });
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number from 1, not ${options.runs}`);

const uiDir = new URL("..", import.meta.url).pathname;
const binary = resolve(uiDir, process.env.GYMLOG_BINARY ?? "../bin/gymlog");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const categories = ["performance", "accessibility", "best-practices", "seo"];
const metrics = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
};
// The demo lifter `gymlog demo` seeds (cmd/gymlog/demo.go).
const demo = { email: "demo@example.com", password: "Demo1234" };

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function waitUntilReady(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gymlog serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`gymlog serve was not ready at ${url} within 60 s`);
}

// call sends one JSON request, with the session cookie when given, and returns the answer.
async function call(baseURL, method, path, body, cookie) {
  const answer = await fetch(baseURL + path, {
    method,
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer;
}

// signInWithAWorkout signs the demo lifter in, starts a workout with one set and returns the
// session cookie and the workout's id.
async function signInWithAWorkout(baseURL) {
  const login = await call(baseURL, "POST", "/api/login", demo);
  const cookie = login.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
  const workout = await (await call(baseURL, "POST", "/api/sessions/start", {}, cookie)).json();
  const set = { session: workout.id, exercise: "Bench Press", weight: 80, reps: 5, rpe: 8 };
  await call(baseURL, "POST", "/api/exercise_logs/add", set, cookie);
  return { cookie, workoutId: workout.id };
}

// audit runs Lighthouse `runs` times on url and returns the run with the median performance score.
async function audit(port, url, cookie) {
  const results = [];
  for (let run = 0; run < runs; run++) {
    const flags = { port, output: "json", logLevel: "error", onlyCategories: categories };
    if (cookie) flags.extraHeaders = { Cookie: cookie };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    results.push(result.lhr);
  }
  results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return results[Math.floor(results.length / 2)];
}

// installability asks Chromium, through the DevTools protocol, whether the page can be installed
// as an app: the errors it lists (none when installable) and the manifest it found.
async function installability(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    const session = await context.newCDPSession(page);
    const manifest = await session.send("Page.getAppManifest");
    const { installabilityErrors } = await session.send("Page.getInstallabilityErrors");
    await page.close();
    return { manifestUrl: manifest.url, errors: installabilityErrors.map((error) => error.errorId) };
  } finally {
    await browser.close();
  }
}

const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);
const metric = (lhr, id) => lhr.audits[id].displayValue.replace(/\s/g, " ");

const dir = mkdtempSync(join(tmpdir(), "gymlog-lighthouse-"));
const env = {
  ...process.env,
  GYMLOG_DATABASE_URL: join(dir, "gymlog.db"),
  GYMLOG_MAILBOX_DIR: join(dir, "mailbox"),
};
let server;
let chrome;
try {
  const seeded = spawnSync(binary, ["demo"], { env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`gymlog demo failed:\n${seeded.stdout}${seeded.stderr}`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  server = spawn(binary, ["serve"], { env: { ...env, GYMLOG_ADDR: `127.0.0.1:${port}` }, stdio: "ignore" });
  await waitUntilReady(`${baseURL}/readyz`, server);
  const { cookie, workoutId } = await signInWithAWorkout(baseURL);

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const pages = [
    { path: "/home" },
    { path: "/signin" },
    { path: "/dashboard", cookie },
    { path: `/workouts/view/${workoutId}`, cookie },
  ];
  console.log(`mobile profile, ${runs} run(s) a page, scores of the median run`);
  console.log("page                       perf  a11y  best   seo   " + Object.values(metrics).join(" / "));
  let last;
  for (const { path, cookie: pageCookie } of pages) {
    const lhr = (last = await audit(chrome.port, baseURL + path, pageCookie));
    const label = path.startsWith("/workouts/view/") ? "/workouts/view/:id" : path;
    if (options.out) {
      mkdirSync(options.out, { recursive: true });
      writeFileSync(join(options.out, `${label.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "")}.json`), JSON.stringify(lhr));
    }
    const scores = categories.map((category) => String(score(lhr, category)).padStart(4)).join("  ");
    console.log(`${label.padEnd(25)} ${scores}   ${Object.keys(metrics).map((id) => metric(lhr, id)).join(" / ")}`);
    for (const category of categories.filter((category) => score(lhr, category) < 100)) {
      const failing = lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
        .map((ref) => ref.id);
      if (failing.length) console.log(`    ${category} loses on: ${failing.join(", ")}`);
    }
  }
  console.log(`Lighthouse ${last.lighthouseVersion}, ${/HeadlessChrome\/[\d.]+|Chrome\/[\d.]+/.exec(last.environment.hostUserAgent)?.[0]}`);
  const install = await installability(chrome.port, `${baseURL}/home`);
  console.log(
    install.errors.length === 0
      ? `installable: yes (manifest ${install.manifestUrl})`
      : `installable: no (${install.errors.join(", ")})`,
  );
} finally {
  chrome?.kill();
  server?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
