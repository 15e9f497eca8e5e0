import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { verificationCode } from "./mailbox";

/** Person is a test user, unique per call so specs never collide on one server. */
export interface Person {
  firstName: string;
  email: string;
  password: string;
}

/** newPerson makes a fresh test user. */
export function newPerson(firstName = "Ada"): Person {
  return {
    firstName,
    email: `e2e-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`,
    password: "Secret123",
  };
}

/** utcDate is today (UTC) moved by `days`, as YYYY-MM-DD; the server's "today" is UTC. */
export function utcDate(days = 0): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** ukDate shows YYYY-MM-DD as the app does, dd/mm/yyyy. */
export function ukDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** signUp goes through both sign-up steps and lands on /verify. */
export async function signUp(page: Page, person: Person, onStep?: () => Promise<void>): Promise<void> {
  await page.goto("/signup");
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Surname").fill("Lovelace");
  await page.getByLabel("Unit").selectOption("kg");
  await page.getByLabel("Gender (optional)").selectOption("Female");
  await page.getByLabel("Date of birth (optional)").fill("10/12/1990");
  await onStep?.();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password").fill(person.password);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ }).check({ force: true });
  await onStep?.();
  await page.getByRole("button", { name: "Finish" }).click();

  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("heading", { name: "Verify your account" })).toBeVisible();
}

/** verify types the code from the development mailbox and lands on /start-workout. */
export async function verify(page: Page, mailboxDir: string, person: Person): Promise<void> {
  const code = await verificationCode(mailboxDir, person.email);
  await page.getByLabel("Authorisation code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/start-workout$/);
}

/** logWeight logs one weight through the Log Weight form and lands on the Weight Log. */
export async function logWeight(page: Page, isoDate: string, weight: string): Promise<void> {
  await page.goto("/weight/add");
  await expect(page.getByRole("heading", { name: "Log Weight" })).toBeVisible();
  await page.getByLabel("Date").fill(isoDate);
  await page.getByLabel(/^Weight/).fill(weight);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/weight\/list$/);
}

/** weightRows reads the Weight Log table: date weighed, weight and difference per row. */
export async function weightRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole("table", { name: "Weight Log" }).getByRole("row");
  await expect(rows.first()).toBeVisible();
  const texts: string[][] = [];
  for (const row of (await rows.all()).slice(1)) {
    texts.push((await row.getByRole("cell").allInnerTexts()).slice(0, 3).map((text) => text.trim()));
  }
  return texts;
}

/**
 * expectLoaded waits until no page spinner or chart skeleton ("Loading Weight") is left. A
 * ceiling, not a timing check: a page of fifteen charts, each drawn when its answer comes, can
 * take longer than the default ten seconds on a busy two-core machine.
 */
export async function expectLoaded(page: Page): Promise<void> {
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0, { timeout: 30_000 });
}

/** expectNoHorizontalScroll checks that the page is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `page ${page.url()} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** api sends one request as the signed-in user of the page (its cookies) and returns the JSON answer. */
export async function api<T = Record<string, unknown>>(page: Page, method: "POST" | "PUT", path: string, data: object): Promise<T> {
  const answer = await page.request.fetch(path, { method, data });
  expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/**
 * register signs a person up through the API, with the same details `signUp` types, and returns
 * their id; the page is then signed in as them, unverified.
 */
export async function register(page: Page, person: Person): Promise<string> {
  const user = await api<{ id: string }>(page, "POST", "/api/users/register", {
    firstName: person.firstName,
    surname: "Lovelace",
    dateOfBirth: "1990-12-10",
    weight: null,
    gender: "Female",
    unit: "kg",
    email: person.email,
    password: person.password,
    confirmPassword: person.password,
  });
  return user.id;
}

/** registerVerified signs a person up and verifies the address with the mailed code, through the API. */
export async function registerVerified(page: Page, mailboxDir: string, person: Person): Promise<string> {
  const id = await register(page, person);
  const authCode = await verificationCode(mailboxDir, person.email);
  await api(page, "POST", "/api/users/verify", { userId: id, authCode });
  return id;
}

/**
 * signUpVerified signs a new person up and verifies the address through the API (0.7 s against
 * 2-3 s through the screens, which workouts, mobile, clients and account specs still drive) and
 * opens /start-workout, where the app, as after the screens, sets the browser's time zone.
 */
export async function signUpVerified(page: Page, mailboxDir: string, person: Person): Promise<void> {
  await registerVerified(page, mailboxDir, person);
  await page.goto("/start-workout");
  // The test's first page: a cold load (every script parsed, the service worker installing and
  // copying the app) in a fresh browser context. On a CI machine whose two cores are shared by
  // two browsers, four servers and PostgreSQL it took over 10 s twice (the servers answered in
  // under 2 s: the browser waited for CPU). Load speed is measured by Lighthouse and the
  // benchmarks, not here: this waits within the test's own limit.
  await expect(page.getByRole("heading", { name: "Start Workout", level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** userMenu is the header's user menu button (wide screens), named after the user. */
export function userMenu(page: Page, name: string | RegExp) {
  return page.getByRole("banner").getByRole("button", { name });
}

/** logOut signs out through the header's user menu and lands on /signin. */
export async function logOut(page: Page, name: string | RegExp): Promise<void> {
  await userMenu(page, name).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/** signIn fills the Login form; callers check where it leads. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}
