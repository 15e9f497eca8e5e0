import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { newPerson, signUpVerified } from "../flows";

// Issue #16: sets are logged between sets, often underground. The service worker keeps the app
// and the workout in progress; set changes made offline wait in a queue on the phone, show as
// waiting, survive a reload, and reach the server once, in order, when the connection returns.

interface ServerSet {
  exercise: string;
  weight: number | null;
  reps: number | null;
  rpe: number | null;
  done: boolean;
}

// Quick start with Barbell Bench Press; answers the workout's id.
async function startBenchPress(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Start Workout" }).click();
  await page.getByRole("link", { name: "Free Weights" }).click();
  await page.getByRole("region", { name: "Upper body" }).getByRole("button", { name: "Barbell Bench Press", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Set 1" })).toBeVisible();
  const id = /\/workouts\/([0-9a-f-]{36})\//.exec(page.url())?.[1];
  if (!id) throw new Error(`no workout id in ${page.url()}`);
  return id;
}

// Waits until the service worker controls the page and keeps a copy of what the workout needs offline.
async function untilKeptOffline(page: Page, workoutId: string): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const calls = ["/api/users/user/me", `/api/sessions/${workoutId}`, `/api/exercise_logs/list/${workoutId}`];
  await expect
    .poll(() => page.evaluate(async (urls) => (await Promise.all(urls.map((url) => caches.match(url)))).every(Boolean), calls))
    .toBe(true);
}

async function logSet(page: Page, weight: string, reps: string): Promise<void> {
  await page.getByLabel("Weight (kg)").fill(weight);
  await page.getByLabel("Reps").fill(reps);
  await page.getByRole("button", { name: "Save & Next Set" }).click();
}

async function serverSets(page: Page, workoutId: string): Promise<ServerSet[]> {
  const answer = await page.request.get(`/api/exercise_logs/list/${workoutId}`);
  expect(answer.status()).toBe(200);
  const sets = ((await answer.json()) as { "hydra:member": ServerSet[] })["hydra:member"];
  return sets.map(({ exercise, weight, reps, rpe, done }) => ({ exercise, weight, reps, rpe, done }));
}

// Each test signs up, waits for the service worker to install (it precaches the whole app) and
// reloads: more than the default minute on a busy machine.
test.slow();

const benchPress = (weight: number, reps: number, rpe: number | null): ServerSet => ({
  exercise: "Barbell Bench Press", weight, reps, rpe, done: rpe !== null,
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("sets logged, edited and marked done offline survive a reload and sync once, in order", async ({ page, context, mailboxDir }) => {
    await signUpVerified(page, mailboxDir, newPerson("Olga"));
    const workoutId = await startBenchPress(page);
    await untilKeptOffline(page, workoutId);
    const status = page.getByRole("status").filter({ hasText: /Offline|Syncing/ });
    const rows = page.getByRole("table", { name: "Barbell Bench Press sets" }).getByTestId("set-row");
    const waiting = page.getByRole("img", { name: "Waiting to sync" });
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/exercise_logs")) saves.push(request.method());
    });

    await test.step("offline, log three sets", async () => {
      await context.setOffline(true);
      await logSet(page, "60", "8");
      await logSet(page, "65", "6");
      await logSet(page, "70", "5");
      await expect(page.getByRole("heading", { name: "Set 4" })).toBeVisible();
      await expect(status).toHaveText("Offline — 3 changes will sync");
      await page.getByRole("link", { name: "Cancel", exact: true }).click();
      await expect(rows).toHaveCount(3);
      await expect(waiting).toHaveCount(3);
    });

    await test.step("edit the second and mark the first two done", async () => {
      await page.getByRole("link", { name: "Edit Barbell Bench Press set 2" }).click();
      await expect(page.getByLabel("Reps")).toHaveValue("6");
      await page.getByLabel("Reps").fill("7");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText("7");
      await page.getByRole("combobox", { name: "Mark Barbell Bench Press set 1 done" }).selectOption("7");
      await page.getByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" }).selectOption("8");
      await expect(rows.nth(1).getByLabel("RPE 8")).toBeVisible();
      await expect(status).toHaveText("Offline — 6 changes will sync");
      expect(saves).toEqual([]);
    });

    await test.step("reload offline: the app and the waiting rows are still there", async () => {
      await page.reload();
      await expect(rows).toHaveCount(3);
      await expect(waiting).toHaveCount(3);
      await expect(status).toHaveText("Offline — 6 changes will sync");
      await expect(rows.nth(0).getByLabel("RPE 7")).toBeVisible();
      await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText("7");
      await expect(rows.nth(1).getByLabel("RPE 8")).toBeVisible();
      await expect(rows.nth(2).getByRole("combobox", { name: "Mark Barbell Bench Press set 3 done" })).toBeVisible();
      expect(await serverSets(page, workoutId)).toEqual([]);
    });

    await test.step("back online, the changes sync once, in order", async () => {
      await context.setOffline(false);
      await expect(status).toBeHidden();
      await expect(waiting).toHaveCount(0);
      await expect(rows).toHaveCount(3);
      expect(saves).toEqual(["POST", "POST", "POST", "POST", "PUT", "PUT"]);
      expect(await serverSets(page, workoutId)).toEqual([benchPress(60, 8, 7), benchPress(65, 7, 8), benchPress(70, 5, null)]);
      await page.reload();
      await expect(rows).toHaveCount(3);
      await expect(waiting).toHaveCount(0);
    });
  });
});

test("a change the server refuses on replay is shown with its reason and kept until dismissed", async ({ page, context, mailboxDir }) => {
  await signUpVerified(page, mailboxDir, newPerson("Rhea"));
  const workoutId = await startBenchPress(page);
  await page.getByLabel("Weight (kg)").fill("60");
  await page.getByLabel("Reps").fill("8");
  await page.getByRole("button", { name: "Save & View Workout" }).click();
  await expect(page).toHaveURL(/\/workouts\/view\/[^/]+$/);
  await untilKeptOffline(page, workoutId);
  const refusal = page.getByRole("alert").filter({ hasText: "refused by the server" });

  await test.step("offline, mark the set done; meanwhile the workout is finished elsewhere", async () => {
    await context.setOffline(true);
    await page.getByRole("combobox", { name: "Mark Barbell Bench Press set 1 done" }).selectOption("8");
    await expect(page.getByRole("status").filter({ hasText: "Offline — 1 change will sync" })).toBeVisible();
    // Another device finishes the workout: the set, not done there, is removed.
    const finishTime = new Date().toISOString().slice(11, 16);
    const finished = await page.request.put("/api/sessions/edit", { data: { id: workoutId, finishTime } });
    expect(finished.status()).toBe(200);
  });

  await test.step("back online, the refusal shows with the server's reason and what was kept", async () => {
    await context.setOffline(false);
    await expect(refusal).toContainText(
      "Marking done Barbell Bench Press, set 1 (60 kg x 8) was refused by the server: Set not found. The change is kept on this device only.",
    );
    await expect(page.getByRole("table", { name: "Barbell Bench Press sets" })).toBeHidden();
    expect(await serverSets(page, workoutId)).toEqual([]);
  });

  await test.step("it stays after a reload, until dismissed", async () => {
    await page.reload();
    await expect(refusal).toBeVisible();
    await refusal.getByRole("button", { name: "Dismiss" }).click();
    await expect(refusal).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { name: /Workout|Bench/ }).first()).toBeVisible();
    await expect(refusal).toBeHidden();
  });
});
