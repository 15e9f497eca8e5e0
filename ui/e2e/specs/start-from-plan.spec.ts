import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, newPerson, signUpVerified } from "../flows";

// Starting a workout from a plan, end to end on the real binary: the plan (made through the API
// with the page's own sign-in, until the plans screens exist) is listed on the start page; its
// workout shows the plan's notes on each exercise card and its targets as sets to do, which are
// logged as planned or changed; a later change to the plan leaves the workout alone; the finish
// takes the plan's name.
async function startFromPlan(page: Page, mailboxDir: string, checkFit: () => Promise<void>): Promise<void> {
  await signUpVerified(page, mailboxDir, newPerson("Plan"));
  let plan = "";

  await test.step("make a plan of two exercises through the API", async () => {
    const post = async (path: string, data: object) => {
      const answer = await page.request.post(path, { data });
      expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    plan = await post("/api/plans/add", { name: "Push A", notes: "Heavy day" });
    await post("/api/plan_exercises/add", {
      plan,
      exercise: "Barbell Bench Press",
      notes: "Pause at the chest",
      targets: [
        { weight: 60, reps: 8 },
        { weight: 70, reps: 5 },
      ],
    });
    await post("/api/plan_exercises/add-cardio", { plan, exercise: "Running", notes: "Easy pace", targets: [{ distance: 5, unit: "km", minutes: 30 }] });
  });

  await test.step("start from the plan on the start page", async () => {
    await page.goto("/start-workout");
    const card = page.getByRole("heading", { name: "Create Workout From Plan" });
    await expect(card).toBeVisible();
    await expect(page.getByText("Barbell Bench Press, Running")).toBeVisible();
    await checkFit();
    await page.getByRole("button", { name: "Start Push A" }).click();
    await expect(page).toHaveURL(/\/workouts\/view\/[^/]+$/);
    await expect(page.getByText("IN PROGRESS", { exact: true })).toBeVisible();
  });

  const bench = page.getByRole("region", { name: "Barbell Bench Press" });
  const sets = page.getByRole("table", { name: "Barbell Bench Press sets" }).getByTestId("set-row");

  await test.step("the cards carry the plan's notes and its targets as sets to do", async () => {
    await expect(bench.getByText("Pause at the chest")).toBeVisible();
    await expect(page.getByRole("region", { name: "Running" }).getByText("Easy pace")).toBeVisible();
    await expect(sets).toHaveCount(2);
    await expect(sets.nth(0)).toContainText("60");
    await expect(sets.nth(1)).toContainText("70");
    await expect(page.getByRole("combobox", { name: "Mark Barbell Bench Press set 1 done" })).toBeVisible();
    await checkFit();
  });

  await test.step("a change to the plan leaves the workout as it started", async () => {
    const answer = await page.request.put("/api/plans/edit", { data: { id: plan, name: "Push B" } });
    expect(answer.status()).toBe(200);
    await page.reload();
    await expect(bench.getByText("Pause at the chest")).toBeVisible();
    await expect(sets).toHaveCount(2);
  });

  await test.step("log the sets against the targets", async () => {
    await page.getByRole("combobox", { name: "Mark Barbell Bench Press set 1 done" }).selectOption("7");
    await expect(sets.nth(0).getByRole("img", { name: "Done" })).toBeVisible();
    await page.getByRole("link", { name: "Edit Barbell Bench Press set 2" }).click();
    await expect(page.getByLabel("Weight (kg)")).toHaveValue("70");
    await expect(page.getByLabel("Reps")).toHaveValue("5");
    await page.getByLabel("Weight (kg)").fill("72.5");
    await page.getByRole("radio", { name: "8/10" }).click();
    await checkFit();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/workouts\/view\/[^/]+$/);
    await expect(sets.nth(1)).toContainText("72.5");
    await expect(sets.nth(1).getByRole("img", { name: "Personal best" })).toBeVisible();
  });

  await test.step("finish: the name comes from the plan as it stood, the undone run is dropped", async () => {
    await page.getByRole("region", { name: "Workout in progress" }).getByRole("link", { name: "Finish" }).click();
    await expect(page.getByText("Exercises not marked as done will be removed")).toBeVisible();
    await expect(page.getByLabel("Name (optional)")).toHaveValue("Push A");
    await checkFit();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/workouts\?share=/);
    await expect(page.getByRole("region", { name: "Share your workout" })).toContainText("Push A");
    const row = page.getByTestId("workout-row");
    await expect(row).toHaveCount(1);
    // 60 x 8 + 72.5 x 5: the run was never done.
    await expect(row).toContainText("Volume 842.5 kg");
  });
}

test("start a workout from a plan at desktop size", async ({ page, mailboxDir }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await startFromPlan(page, mailboxDir, async () => {});
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("start a workout from a plan", async ({ page, mailboxDir }) => {
    await startFromPlan(page, mailboxDir, () => expectNoHorizontalScroll(page));
  });
});
