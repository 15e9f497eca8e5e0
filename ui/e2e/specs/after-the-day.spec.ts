import type { Browser, Locator, Page } from "@playwright/test";
import { expect as baseExpect, test } from "../fixtures";
import { api, expectNoHorizontalScroll, newPerson, signIn, signUpVerified, ukDate, utcDate, type Person } from "../flows";
import type { OwnServer } from "../own-database";

// A client changes a workout a week after its day, and the trainer finds the change. A change
// "a week later" needs the server's clock to move, so this spec runs servers of its own on a
// database of its own (the other specs share global setup's servers): first one whose clock is a
// week back (GYMLOG_CLOCK_OFFSET=-168h), where a trainer subscribes and asks a client, who
// accepts and logs a workout; then one with the real clock on the same database, where the
// client edits a set of that workout, deletes another and undoes the delete, through the
// screens. From /client the trainer reaches the change in three clicks (the client, the change's
// workout, its History), at desktop size and at 375 × 812: "edited 7 days after", and the
// restored set back as set 1. The workout list's "Changed after the day" keeps that workout.

// Every page here is the first of a fresh browser context on a server that has just started
// (the app's scripts parsed cold, its service worker installing), on a machine the other specs'
// browsers share: 30 s ceilings, not timing checks.
const expect = baseExpect.configure({ timeout: 30_000 });

interface SessionBody {
  date: string;
  startTime: string;
}

/** signedIn opens a browser context of its own on server, signs person in and returns its page. */
async function signedIn(browser: Browser, server: OwnServer, person: Person, viewport = { width: 1280, height: 720 }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.baseURL, viewport })).newPage();
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/(dashboard|start-workout)$/);
  return page;
}

/** signedUp opens a browser context of its own on server and signs a new, verified person up. */
async function signedUp(browser: Browser, server: OwnServer, mailboxDir: string, person: Person, displayName: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await signUpVerified(page, mailboxDir, person);
  await api(page, "PUT", "/api/users/edit", { firstName: person.firstName, surname: "Lovelace", displayName });
  return page;
}

function row(page: Page, table: string, text: string): Locator {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: text });
}

const restored = /Set 1 of Barbell Bench Press restored \(undo of the delete at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\): 60 kg × 5 reps/;
const edited = "Set 3 of Barbell Bench Press edited: 80 → 82.5 kg";

test("a client changes a week-old workout; the trainer finds the change from /client in three clicks", async ({ browser, ownDatabase }) => {
  // A ceiling, not a timing check: two servers start, two people sign up and in, on a shared machine.
  test.setTimeout(300_000);
  const client = newPerson("Cleo");
  const trainer = newPerson("Tara");
  const weekAgo = utcDate(-7);
  let workout = "";
  let clientId = "";

  await test.step("a week ago: a trainer subscribes and asks a client, who accepts and logs a workout of three sets", async () => {
    const server = await ownDatabase.serve({ GYMLOG_CLOCK_OFFSET: "-168h" });
    const clientPage = await signedUp(browser, server, ownDatabase.mailboxDir, client, "Cleo Client");
    const trainerPage = await signedUp(browser, server, ownDatabase.mailboxDir, trainer, "Tara Trainer");
    await trainerPage.goto("/profile/user/upgrade");
    const subscribed = trainerPage.waitForResponse((response) => response.url().endsWith("/api/users/subscribe"));
    await trainerPage.getByRole("button", { name: "Subscribe with PayPal" }).click();
    expect((await subscribed).status()).toBe(200);
    const request = await api<{ id: string }>(trainerPage, "POST", "/api/clients/add", { email: client.email });
    await api(clientPage, "PUT", "/api/trainers/status", { id: request.id, confirmed: true });

    workout = (await api<{ id: string }>(clientPage, "POST", "/api/sessions/start", { name: "Bench day" })).id;
    for (const weight of [60, 70, 80]) {
      const set = await api<{ id: string }>(clientPage, "POST", "/api/exercise_logs/add", { session: workout, exercise: "Barbell Bench Press", weight, reps: 5 });
      await api(clientPage, "PUT", "/api/exercise_logs/done", { id: set.id, rpe: 8 });
    }
    const started = (await (await clientPage.request.get(`/api/sessions/${workout}`)).json()) as SessionBody;
    // The server's clock is a week back: the workout is dated then.
    expect(started.date).toBe(weekAgo);
    await api(clientPage, "PUT", "/api/sessions/edit", { id: workout, finishTime: started.startTime });
    clientId = ((await (await clientPage.request.get("/api/users/user/me")).json()) as { id: string }).id;
    await clientPage.context().close();
    await trainerPage.context().close();
    await server.stop();
  });

  const server = await ownDatabase.serve();

  await test.step("today: the client edits set 3, deletes set 1 and undoes the delete, through the screens", async () => {
    const page = await signedIn(browser, server, client);
    await page.goto(`/workouts/view/${workout}`);
    const sets = page.getByRole("table", { name: "Barbell Bench Press sets" }).getByTestId("set-row");
    await expect(sets).toHaveCount(3);
    await page.getByRole("link", { name: "Edit Barbell Bench Press set 3" }).click();
    await page.getByLabel("Weight (kg)").fill("82.5");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/workouts/view/${workout}$`));
    await expect(sets.nth(2)).toContainText("82.5 kg");

    await page.getByRole("link", { name: "Delete Barbell Bench Press set 1" }).click();
    await expect(page.getByText("60 kg x 5")).toBeVisible();
    await page.getByRole("button", { name: "Confirm Delete" }).click();
    await expect(page).toHaveURL(new RegExp(`/workouts/view/${workout}$`));
    await expect(sets).toHaveCount(2);
    await expect(page.getByText("Last change: Set 1 of Barbell Bench Press deleted")).toBeVisible();
    await page.getByRole("button", { name: "Undo last change" }).click();
    await expect(page.getByText("Last change: Set 1 of Barbell Bench Press logged")).toBeVisible();
    await expect(sets).toHaveCount(3);
    await expect(sets.nth(0)).toContainText("60 kg");

    // A workout of today, changed today: the "Changed after the day" filter leaves it out.
    const today = await api<{ id: string }>(page, "POST", "/api/sessions/start", { name: "Leg day" });
    await api(page, "POST", "/api/exercise_logs/add", { session: today.id, exercise: "Barbell Squat", weight: 100, reps: 5 });
    await page.context().close();
  });

  for (const size of [
    { name: "desktop", viewport: { width: 1280, height: 720 } },
    { name: "375 × 812", viewport: { width: 375, height: 812 } },
  ]) {
    await test.step(`at ${size.name} the trainer reaches the change from /client in three clicks`, async () => {
      const page = await signedIn(browser, server, trainer, size.viewport);
      const fits = size.viewport.width < 768 ? () => expectNoHorizontalScroll(page) : async () => undefined;
      await page.goto("/client");
      await expect(row(page, "Clients", "Cleo Client")).toBeVisible();
      await fits();

      // 1: the client's page, whose "Changed after the day" comes before the latest changes.
      await row(page, "Clients", "Cleo Client").getByRole("link", { name: "Cleo Client" }).click();
      await expect(page).toHaveURL(new RegExp(`/client/${clientId}$`));
      const afterTheDay = page.getByRole("region", { name: "Changed after the day" });
      const restore = afterTheDay.getByRole("listitem").filter({ hasText: restored });
      await expect(restore).toContainText("edited 7 days after");
      await expect(afterTheDay.getByRole("listitem").filter({ hasText: edited })).toContainText("edited 7 days after");
      await fits();

      // 2: the workout the change is about, with its latest change after the day.
      await restore.getByRole("link", { name: `Bench day · ${ukDate(weekAgo)}` }).click();
      await expect(page).toHaveURL(new RegExp(`/workouts/view/${workout}$`));
      await expect(page.getByText(/^Changed after the day: edited 7 days after \(latest \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\)$/)).toBeVisible();
      const sets = page.getByRole("table", { name: "Barbell Bench Press sets" }).getByTestId("set-row");
      await expect(sets).toHaveCount(3);
      await expect(sets.nth(0)).toContainText("60 kg");
      await expect(sets.nth(2)).toContainText("82.5 kg");

      // 3: its History: the restored set with its old number, and the edit, each 7 days after.
      await page.getByRole("button", { name: "History" }).click();
      await expect(page.getByRole("listitem").filter({ hasText: restored })).toContainText("edited 7 days after");
      await expect(page.getByRole("listitem").filter({ hasText: edited })).toContainText("edited 7 days after");
      await fits();

      // The client's workouts, from their page: "Changed after the day" keeps the week-old one.
      await page.goBack();
      await page.getByRole("region", { name: "Last workouts" }).getByRole("link", { name: "All workouts" }).click();
      await expect(page).toHaveURL(/\/workouts\?userFilter=Cleo\+Client$/);
      await expect(row(page, "Workouts", "Leg day")).toBeVisible();
      await page.getByRole("checkbox", { name: "Changed after the day" }).check({ force: true });
      await expect(page).toHaveURL(/afterTheDay=1/);
      await expect(row(page, "Workouts", "Leg day")).toHaveCount(0);
      await expect(row(page, "Workouts", "Bench day")).toContainText("Changed after the day: edited 7 days after");
      await fits();
      await page.context().close();
    });
  }
  await server.stop();
});
