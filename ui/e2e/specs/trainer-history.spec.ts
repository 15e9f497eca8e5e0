import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, logOut, newPerson, signIn, signUpVerified, type Person } from "../flows";

// A trainer follows a confirmed client: the client edits a set; the trainer's Activity audit
// shows the change with the client's name and the workout it is about (a link to it), and so
// does the client's page; the trainer reads the client's workout (its History
// and the workout as it stood before the edit) and changes nothing; the client undoes the
// edit, and the set is as it was; the client deletes the set and undoes the delete, and it is
// back in its place; the trainer sets the plan to three times a week, the client starts two
// workouts from it, and the roster and the client's page show the compliance. The client's
// screens also at 375 × 812.

async function api(page: Page, method: "post" | "put", path: string, data: object): Promise<Record<string, unknown>> {
  const answer = await page.request[method](path, { data });
  expect(answer.status(), `${method.toUpperCase()} ${path}: ${await answer.text()}`).toBeLessThan(300);
  return (await answer.json()) as Record<string, unknown>;
}

async function signInAs(page: Page, person: Person): Promise<void> {
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/(dashboard|start-workout)$/);
}

function row(page: Page, table: string, text: string): Locator {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: text });
}

test("a trainer audits a client's change, sees the workout as it stood, and the client undoes the change", async ({
  page,
  mailboxDir,
}) => {
  // A ceiling, not a timing check: two people sign up, in and out on a shared machine.
  test.setTimeout(240_000);
  const client = newPerson("Cleo");
  const trainer = newPerson("Tara");
  let workout = "";
  let set = "";
  let beforeEdit = "";
  let plan = "";

  await test.step("a client logs a set of 60 kg", async () => {
    await signUpVerified(page, mailboxDir, client);
    await api(page, "put", "/api/users/edit", { firstName: client.firstName, surname: "Lovelace", displayName: "Cleo Client" });
    workout = String((await api(page, "post", "/api/sessions/start", { name: "Bench day" })).id);
    set = String((await api(page, "post", "/api/exercise_logs/add", { session: workout, exercise: "Barbell Bench Press", weight: 60, reps: 5 })).id);
    await page.reload(); // the header reads the new display name
    await logOut(page, /Cleo Client/);
  });

  await test.step("a trainer subscribes and asks the client, who accepts", async () => {
    await signUpVerified(page, mailboxDir, trainer);
    await page.goto("/profile/user/upgrade");
    const subscribed = page.waitForResponse((response) => response.url().endsWith("/api/users/subscribe"));
    await page.getByRole("button", { name: "Subscribe with PayPal" }).click();
    expect((await subscribed).status()).toBe(200);
    const request = await api(page, "post", "/api/clients/add", { email: client.email });
    await logOut(page, /Tara/);

    await signInAs(page, client);
    await api(page, "put", "/api/trainers/status", { id: request.id, confirmed: true });
  });

  await test.step("at 375 × 812 the client edits the set to 62.5 kg", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    beforeEdit = new Date().toISOString();
    await page.waitForTimeout(50); // the server's clock moves past beforeEdit
    await api(page, "post", "/api/exercise_logs/add", { id: set, session: workout, exercise: "Barbell Bench Press", weight: 62.5, reps: 5 });
    await page.goto(`/workouts/view/${workout}`);
    await expect(page.getByRole("heading", { name: "Barbell Bench Press" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Undo last change" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await logOut(page, /Cleo Client/);
  });

  await test.step("the trainer's Activity audit shows the change, made by the client", async () => {
    await signInAs(page, trainer);
    await page.goto("/client");
    await row(page, "Clients", "Cleo Client").getByRole("link", { name: "Activity" }).click();
    await expect(page.getByRole("heading", { name: "Activity: Cleo Client" })).toBeVisible();
    const edit = page.getByRole("listitem").filter({ hasText: "Set 1 of Barbell Bench Press edited: 60 → 62.5 kg" });
    await expect(edit).toContainText("Cleo Client");
    await page.getByLabel("Made by").selectOption({ label: "You" });
    await expect(page.getByText("No changes to show.")).toBeVisible();
    await page.getByLabel("Made by").selectOption({ label: "Cleo Client" });
    await expect(edit).toBeVisible();
    // The line names the workout it is about, and opens it.
    await edit.getByRole("link", { name: /^Bench day · \d{2}\/\d{2}\/\d{4}$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/workouts/view/${workout}$`));
    await expect(page.getByText("Client: Cleo Client")).toBeVisible();
  });

  await test.step("the client's page gathers the change, the workout and the way to it, also at 375 × 812", async () => {
    await page.goto("/client");
    await row(page, "Clients", "Cleo Client").getByRole("link", { name: "Cleo Client" }).click();
    await expect(page.getByRole("heading", { name: "Cleo Client", level: 1 })).toBeVisible();
    const latest = page.getByRole("region", { name: "Latest changes" });
    await expect(latest.getByText("Set 1 of Barbell Bench Press edited: 60 → 62.5 kg")).toBeVisible();
    await expect(page.getByRole("region", { name: "Changed after the day" })).toContainText("No change made after a workout's day.");
    await expect(page.getByRole("region", { name: "Last workouts" }).getByRole("row").filter({ hasText: "Bench day" })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("the trainer shares a plan with the client", async () => {
    await api(page, "put", "/api/users/edit", { firstName: trainer.firstName, surname: "Lovelace", displayName: "Tara Trainer" });
    plan = String((await api(page, "post", "/api/plans/add", { name: "Cleo's plan", notes: "Three times a week" })).id);
    await page.goto(`/plan/share/${plan}`);
    await page.getByLabel("Client").selectOption({ label: "Cleo Client" });
    const shared = page.waitForResponse((response) => response.url().endsWith(`/api/plans/${plan}/share`));
    await page.getByRole("button", { name: "Share" }).click();
    expect((await shared).status()).toBe(200);
    await page.goto(`/plan/share/${plan}`);
    await expect(page.getByText("All your clients have this plan, or you have no confirmed clients yet.")).toBeVisible();
    // Three times a week: the clients' compliance counts against it.
    await page.getByLabel("Times a week").fill("2.5");
    await page.getByRole("button", { name: "Save target" }).click();
    await expect(page.getByText("Please enter a whole number of times a week from 0 to 14.")).toBeVisible();
    await page.getByLabel("Times a week").fill("3");
    await page.getByRole("button", { name: "Save target" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved: 3 times a week." })).toBeVisible();
  });

  await test.step("the trainer reads the workout, its history and the workout as it stood, and changes nothing", async () => {
    await page.goto("/client");
    await row(page, "Clients", "Cleo Client").getByRole("link", { name: "Workouts" }).click();
    await expect(row(page, "Workouts", "Bench day")).toContainText("Cleo Client");
    await row(page, "Workouts", "Bench day").getByRole("link", { name: /View Bench day/ }).click();
    await expect(page.getByRole("heading", { name: "Barbell Bench Press" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Undo last change" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit Workout" })).toHaveCount(0);

    await page.getByRole("button", { name: "History" }).click();
    await expect(page.getByText("Set 1 of Barbell Bench Press edited: 60 → 62.5 kg")).toBeVisible();

    // The moment before the edit, to the second, as the browser's datetime-local input takes it.
    const local = await page.evaluate((iso) => {
      const d = new Date(iso);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    }, beforeEdit);
    await page.getByLabel("Show the workout as it stood on").fill(local);
    await page.getByRole("button", { name: "Show" }).click();
    const then = page.getByRole("region", { name: "The workout as it stood" });
    await expect(then.getByText("Read-only")).toBeVisible();
    await expect(then.getByRole("table", { name: "Sets as they stood" })).toContainText("60 kg × 5");
    await expect(then).not.toContainText("62.5");

    // The filter is kept across screens: the header's Progress follows the same client.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Progress" }).click();
    await expect(page).toHaveURL(/\/progress\?userFilter=Cleo\+Client$/);
    await expect(page.getByText("Client: Cleo Client")).toBeVisible();
    await page.reload();
    await logOut(page, /Tara/);
  });

  await test.step("the client undoes the edit: the set is 60 kg again, and the undo is in the history", async () => {
    await signInAs(page, client);
    await page.goto(`/workouts/view/${workout}`);
    const undone = page.waitForResponse((response) => response.url().endsWith(`/api/sessions/${workout}/undo`));
    await page.getByRole("button", { name: "Undo last change" }).click();
    expect((await undone).status()).toBe(200);
    await page.getByRole("button", { name: "History" }).click();
    await expect(page.getByText("Set 1 of Barbell Bench Press edited: 62.5 → 60 kg")).toBeVisible();
    const sets = await page.request.get(`/api/exercise_logs/list/${workout}`);
    const members = ((await sets.json()) as { "hydra:member": { weight: number }[] })["hydra:member"];
    expect(members.map((m) => m.weight)).toEqual([60]);
  });

  await test.step("the client deletes a set and undoes the delete: it is back in its place, with its number", async () => {
    await api(page, "post", "/api/exercise_logs/add", { session: workout, exercise: "Barbell Bench Press", weight: 70, reps: 5 });
    const removed = await page.request.delete(`/api/exercise_logs/${set}`);
    expect(removed.status()).toBe(204);
    await page.goto(`/workouts/view/${workout}`);
    await expect(page.getByText("Last change: Set 1 of Barbell Bench Press deleted")).toBeVisible();
    const undone = page.waitForResponse((response) => response.url().endsWith(`/api/sessions/${workout}/undo`) && response.request().method() === "POST");
    await page.getByRole("button", { name: "Undo last change" }).click();
    expect((await undone).status()).toBe(200);
    await expect(page.getByText("Last change: Set 1 of Barbell Bench Press logged")).toBeVisible();
    const sets = await page.request.get(`/api/exercise_logs/list/${workout}`);
    const members = ((await sets.json()) as { "hydra:member": { weight: number; setNumber: number }[] })["hydra:member"];
    expect(members.map((m) => `${m.setNumber}: ${m.weight}`)).toEqual(["1: 60", "2: 70"]);
    await page.getByRole("button", { name: "History" }).click();
    await expect(page.getByText(/^Set 1 of Barbell Bench Press restored \(undo of the delete at .+\): 60 kg × 5 reps$/)).toBeVisible();
    // Undoing the restore would remove the set again: it asks first.
    await page.getByRole("button", { name: "Undo last change" }).click();
    const ask = page.getByRole("alertdialog", { name: "Undo removes a set" });
    await expect(ask).toContainText("Undoing “Set 1 of Barbell Bench Press logged” removes that set.");
    await ask.getByRole("button", { name: "Keep it" }).click();
    await expect(ask).toHaveCount(0);
  });

  await test.step("the plan the trainer shared is in the client's plans, by the trainer", async () => {
    await page.goto("/plan");
    await expect(row(page, "Plans", "Cleo's plan")).toContainText("Tara Trainer");
  });

  await test.step("the client starts two workouts from the plan; the trainer's roster and the client's page show the compliance", async () => {
    const bench = (await (await page.request.get(`/api/sessions/${workout}`)).json()) as { startTime: string };
    await api(page, "put", "/api/sessions/edit", { id: workout, finishTime: bench.startTime });
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    for (const date of [day(1), day(0)]) {
      const started = await api(page, "post", "/api/sessions/start/from-plan", { id: plan, date, startTime: "00:00" });
      await api(page, "put", "/api/sessions/edit", { id: String(started.id), finishTime: "00:30" });
    }
    await logOut(page, /Cleo Client/);
    await signInAs(page, trainer);
    await page.goto("/client");
    // 30 days of three a week ask 12.86 workouts; two were done.
    await expect(row(page, "Clients", "Cleo Client")).toContainText("2 of 12.86 (16%)");
    await row(page, "Clients", "Cleo Client").getByRole("link", { name: "Cleo Client" }).click();
    const compliance = page.getByRole("table", { name: "Compliance" });
    await expect(compliance).toContainText("Cleo's plan · 3 a week");
    await expect(compliance).toContainText("2 of 3 (67%)");
  });
});
