import type { Page } from "@playwright/test";
import { expectScreenAccessible } from "../a11y";
import { demoLifter } from "../demo";
import { expect, test } from "../fixtures";
import { api, newPerson, register, registerVerified, utcDate, type Person } from "../flows";

// axe-core on every screen of the app, in light and dark mode: no serious or critical
// violation. The data each screen shows is made through the API (one request each), so the
// screens are reached by address rather than through slow UI flows.

const narrow = { width: 375, height: 812 };

// A ceiling, not a timing check: each test checks up to twenty screens twice, on a shared machine.
// The tests are independent, so they spread over the workers rather than queueing on one.
test.describe.configure({ mode: "parallel", timeout: 480_000 });

/** verifiedPerson signs a new person up and verifies them through the API. */
async function verifiedPerson(page: Page, mailboxDir: string, firstName: string): Promise<{ person: Person; id: string }> {
  const person = newPerson(firstName);
  return { person, id: await registerVerified(page, mailboxDir, person) };
}

/** checkScreens visits each address and checks it in both colour modes. */
async function checkScreens(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectScreenAccessible(page, path);
    });
  }
}

test("the public screens have no serious accessibility violations", async ({ page }) => {
  await checkScreens(page, [
    "/home",
    "/signin",
    "/signup",
    "/forgot-password",
    "/verify-password-code",
    "/set-password",
    "/terms",
    "/privacy",
    "/contact",
    "/no-access",
    "/tools/calorie-calculator",
    "/no-such-page",
  ]);

  await test.step("sign in, with the form's errors", async () => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expectScreenAccessible(page, "/signin with errors");
  });

  await test.step("sign up, step 2", async () => {
    await page.goto("/signup");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Surname").fill("Lovelace");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 2 of 2")).toBeVisible();
    await expectScreenAccessible(page, "/signup step 2");
  });

  await test.step("the calculator's plan", async () => {
    await page.goto("/tools/calorie-calculator");
    await page.getByLabel("Gender").selectOption("Male");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByTestId("target-calories")).toBeVisible();
    await expectScreenAccessible(page, "/tools/calorie-calculator with a plan");
  });

  await test.step("the menu at 375 × 812", async () => {
    await page.setViewportSize(narrow);
    await page.goto("/home");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    await expectScreenAccessible(page, "/home with the menu open");
  });
});

test("an unverified user's screens have no serious accessibility violations", async ({ page }) => {
  await register(page, newPerson("Uma"));
  await checkScreens(page, ["/verify", "/change-email", "/change-password", "/profile/view"]);
});

test("the workout screens have no serious accessibility violations", async ({ page, mailboxDir }) => {
  await verifiedPerson(page, mailboxDir, "Wes");
  await checkScreens(page, ["/start-workout", "/workouts", "/workouts/add"]);

  const past = await api<{ id: string }>(page, "POST", "/api/sessions/add", {
    date: utcDate(-2),
    startTime: "18:00",
    finishTime: "19:00",
    name: "Legs",
  });
  const workout = await api<{ id: string }>(page, "POST", "/api/sessions/start", {});
  const set = await api<{ id: string }>(page, "POST", "/api/exercise_logs/add", {
    session: workout.id,
    exercise: "Bench Press",
    weight: 80,
    reps: 5,
    rpe: 8,
  });
  await api(page, "POST", "/api/exercise_logs/add", { session: workout.id, exercise: "Bench Press", weight: 82.5, reps: 5 });
  const cardio = await api<{ id: string }>(page, "POST", "/api/exercise_logs/add-cardio", {
    session: workout.id,
    exercise: "Running",
    distance: 5,
    unit: "km",
    minutes: 25,
    seconds: 30,
  });
  const id = workout.id;
  await checkScreens(page, [
    "/start-workout",
    "/workouts",
    `/workouts/view/${id}`,
    `/workouts/view/${past.id}`,
    `/workouts/edit/${past.id}`,
    `/workouts/finish/${id}`,
    `/workouts/delete/${past.id}`,
    `/workouts/exercises/new/${id}`,
    `/workouts/exercises/select/${id}`,
    `/workouts/cardio/select/${id}`,
    `/workouts/${id}/exercises/add/Bench%20Press`,
    `/workouts/${id}/exercises/edit/Bench%20Press/${set.id}`,
    `/workouts/${id}/exercises/delete/Bench%20Press/${set.id}`,
    `/workouts/${id}/exercises/muscle-groups/Bench%20Press`,
    `/workouts/${id}/cardio/add/Running`,
    `/workouts/${id}/cardio/edit/${cardio.id}`,
    `/workouts/${id}/cardio/delete/${cardio.id}`,
  ]);

  await test.step("a workout at 375 × 812", async () => {
    await page.setViewportSize(narrow);
    await page.goto(`/workouts/view/${id}`);
    await expectScreenAccessible(page, `/workouts/view/${id} at 375 × 812`);
  });
});

test("the plan screens have no serious accessibility violations", async ({ page, mailboxDir }) => {
  await verifiedPerson(page, mailboxDir, "Pia");
  await checkScreens(page, ["/plan", "/plan/add"]);
  const plan = await api<{ id: string }>(page, "POST", "/api/plans/add", { name: "Push A", notes: "Heavy day" });
  const squat = await api<{ id: string }>(page, "POST", "/api/plan_exercises/add", {
    plan: plan.id,
    exercise: "Front Squat",
    targets: [
      { weight: 100, reps: 5 },
      { weight: 102.5, reps: 5 },
    ],
    notes: "Pause",
  });
  const run = await api<{ id: string }>(page, "POST", "/api/plan_exercises/add-cardio", {
    plan: plan.id,
    exercise: "Running",
    targets: [{ distance: 5, unit: "km", minutes: 25, seconds: 30 }],
    notes: "",
  });
  const id = plan.id;
  await checkScreens(page, [
    "/plan",
    "/plan/grid",
    `/plan/${id}/view`,
    `/plan/edit/${id}`,
    `/plan/delete/${id}`,
    `/plan/${id}/exercises/new`,
    `/plan/${id}/exercises/select`,
    `/plan/${id}/exercises/add/Front%20Squat`,
    `/plan/${id}/exercises/edit/${squat.id}`,
    `/plan/${id}/exercises/delete/${squat.id}`,
    `/plan/${id}/cardio/select`,
    `/plan/${id}/cardio/add/Running`,
    `/plan/${id}/cardio/edit/${run.id}`,
  ]);
});

test("the body, account and progress screens have no serious accessibility violations", async ({ page, mailboxDir }) => {
  await verifiedPerson(page, mailboxDir, "Bea");
  await checkScreens(page, ["/dashboard", "/progress", "/weight/list", "/size/list/Arms"]);
  const weight = await api<{ id: string }>(page, "POST", "/api/weights/add", { date: utcDate(0), weight: 61.5 });
  const size = await api<{ id: string }>(page, "POST", "/api/sizes/add", { date: utcDate(0), measurement: 30.5, category: "Arms" });
  await checkScreens(page, [
    "/weight/list",
    "/weight/add",
    `/weight/delete/${weight.id}`,
    "/size/list/Arms",
    "/size/add/Arms",
    `/size/delete/${size.id}`,
    "/profile/view",
    "/profile/user/edit",
    "/profile/user/upgrade",
    "/profile/user/close-account",
    "/client",
    "/trainer",
  ]);
});

test("the demo lifter's full dashboard and progress have no serious accessibility violations", async ({ page }) => {
  await api(page, "POST", "/api/login", { email: demoLifter.email, password: demoLifter.password });
  await checkScreens(page, ["/dashboard", "/progress", "/progress/charts", "/weight/list", "/size/list/Waist"]);
});

test("the trainer and client screens have no serious accessibility violations", async ({ page, mailboxDir }) => {
  const client = await verifiedPerson(page, mailboxDir, "Cleo");
  await api(page, "PUT", "/api/users/edit", { firstName: "Cleo", surname: "Lovelace", displayName: `Cleo ${client.id.slice(0, 8)}` });
  await api(page, "POST", "/api/sessions/add", { date: utcDate(-1), startTime: "18:00", finishTime: "19:00", name: "Legs" });

  const trainer = await verifiedPerson(page, mailboxDir, "Tara");
  await page.goto("/profile/user/upgrade");
  const subscribed = page.waitForResponse((response) => response.url().endsWith("/api/users/subscribe"));
  await page.getByRole("button", { name: "Subscribe with PayPal" }).click();
  expect((await subscribed).status()).toBe(200);
  await api(page, "POST", "/api/clients/add", { email: client.person.email });
  const plan = await api<{ id: string }>(page, "POST", "/api/plans/add", { name: "Pull A", notes: "" });

  await api(page, "POST", "/api/login", { email: client.person.email, password: client.person.password });
  await checkScreens(page, ["/trainer"]);
  const trainers = (await (await page.request.get("/api/trainers")).json()) as { "hydra:member": { id: string }[] };
  const [request] = trainers["hydra:member"];
  expect(request, "the trainer's request reached the client").toBeDefined();
  await api(page, "PUT", "/api/trainers/status", { id: request?.id, confirmed: true, rejected: false });
  await checkScreens(page, ["/trainer"]);

  await api(page, "POST", "/api/login", { email: trainer.person.email, password: trainer.person.password });
  await checkScreens(page, [
    "/client",
    "/client/add",
    `/client/${client.id}`,
    `/client/${client.id}/activity`,
    `/plan/share/${plan.id}`,
    "/workouts",
    "/progress",
    "/profile/user/upgrade",
  ]);
});
