import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, newPerson, signUp, verify } from "../flows";

// The heart of the product, end to end on the real binary: a quick start, three Barbell Bench Press
// sets rated and marked done, a personal best, the circuit layout, a cardio set, finishing
// (the undone set dropped), the list, a duplicate with +2.5 kg, and deleting a set.
async function logAWorkout(page: Page, mailboxDir: string, checkFit: () => Promise<void>): Promise<void> {
  const person = newPerson("Arnold");
  await signUp(page, person);
  await verify(page, mailboxDir, person);

  await test.step("quick start and pick Barbell Bench Press", async () => {
    await expect(page.getByRole("heading", { name: "Start Workout" })).toBeVisible();
    await expect(page.getByText("Plans created will show here")).toBeVisible();
    await expect(page.getByText("Previous gym workouts will show here")).toBeVisible();
    await checkFit();
    await page.getByRole("button", { name: "Start Workout" }).click();
    await expect(page).toHaveURL(/\/workouts\/exercises\/new\/[^/]+\?session=start$/);
    await expect(page.getByRole("region", { name: "Workout in progress" })).toContainText("WORKOUT IN PROGRESS");
    await page.getByRole("link", { name: "Free Weights" }).click();
    await expect(page.getByRole("heading", { name: "Select Exercise" })).toBeVisible();
    await page.getByRole("region", { name: "Upper body" }).getByRole("button", { name: "Barbell Bench Press", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Barbell Bench Press" })).toBeVisible();
    await expect(page.getByText("This is your first set, go for it!")).toBeVisible();
    await expect(page.getByText("This exercise has not been logged before.")).toBeVisible();
    await checkFit();
  });

  const setType = page.getByRole("radiogroup", { name: "Set type" });

  await test.step("log a warm-up rated on the face scale, then three sets", async () => {
    await expect(page.getByRole("heading", { name: "Set 1" })).toBeVisible();
    await page.getByLabel("Weight (kg)").fill("60");
    await page.getByLabel("Reps").fill("8");
    await page.getByRole("radio", { name: "6/10" }).click();
    await setType.getByText("Warm-up", { exact: true }).click();
    await page.getByRole("button", { name: "Save & Next Set" }).click();
    await expect(page.getByRole("heading", { name: "Set 2" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Sets this session" })).toContainText("60 kg x 8 · Warm-up");
    await expect(page.getByRole("timer")).toBeVisible();

    // A warm-up's next set starts as a warm-up (they come in a row): this one is a working set.
    await setType.getByText("Normal", { exact: true }).click();
    await page.getByLabel("Weight (kg)").fill("70");
    await page.getByLabel("Reps").fill("5");
    await page.getByRole("button", { name: "Save & Next Set" }).click();
    await expect(page.getByRole("heading", { name: "Set 3" })).toBeVisible();
    await page.getByLabel("Weight (kg)").fill("80");
    await page.getByLabel("Reps").fill("3");
    // A note of two lines, which the next set does not inherit.
    await page.getByLabel("Note").fill("Paused at the chest\nseat at 4");
    await page.getByRole("button", { name: "Save & Next Set" }).click();
    await expect(page.getByRole("heading", { name: "Set 4" })).toBeVisible();
    await expect(page.getByLabel("Note")).toHaveValue("");
    await page.getByLabel("Reps").fill("2");
    await checkFit();
    await page.getByRole("button", { name: "Save & View Workout" }).click();
    await expect(page).toHaveURL(/\/workouts\/view\/[^/]+$/);
  });

  const sets = page.getByRole("table", { name: "Barbell Bench Press sets" }).getByTestId("set-row");

  await test.step("mark the sets done with an RPE and see the trophy", async () => {
    await expect(page.getByText("IN PROGRESS", { exact: true })).toBeVisible();
    await expect(sets).toHaveCount(4);
    await expect(sets.nth(0).getByRole("img", { name: "Warm-up set" })).toHaveText("W");
    await expect(sets.nth(1).getByRole("img", { name: "Warm-up set" })).toHaveCount(0);
    await expect(page.getByText(/^Paused at the chest\s+seat at 4$/)).toBeVisible();
    await expect(page.getByRole("combobox", { name: /^Mark Barbell Bench Press set \d done$/ })).toHaveCount(1);
    await page.getByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" }).selectOption("7");
    await expect(sets.nth(1).getByRole("img", { name: "Done" })).toBeVisible();
    await page.getByRole("combobox", { name: "Mark Barbell Bench Press set 3 done" }).selectOption("9");
    await expect(sets.nth(2).getByLabel("RPE 9")).toBeVisible();
    await expect(sets.nth(2).getByRole("img", { name: "Personal best" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Barbell Bench Press" }).getByRole("timer")).toBeVisible();
    await checkFit();
  });

  await test.step("circuit layout groups the Nth sets", async () => {
    await page.getByText("Circuit Layout").click();
    await expect(page.getByRole("heading", { name: "Round 4" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Round 1 sets" })).toContainText("Barbell Bench Press (1)");
    await page.getByText("Normal Layout").click();
    await expect(page.getByRole("table", { name: "Barbell Bench Press sets" })).toBeVisible();
  });

  await test.step("add a cardio set in km", async () => {
    await page.getByRole("link", { name: "+ Exercise" }).click();
    await page.getByRole("link", { name: "Cardio" }).click();
    await page.getByLabel("Exercise name").fill("runn");
    await page.getByRole("button", { name: "Running", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Running" })).toBeVisible();
    await expect(page.getByText("how hard it was out of 10, e.g. 7")).toBeVisible();
    await page.getByLabel("Distance").fill("5");
    await page.getByLabel("Unit").selectOption("km");
    await page.getByLabel("Minutes").fill("25");
    await page.getByLabel("Seconds").fill("30");
    await page.getByRole("radio", { name: "Hard 7/10" }).click();
    await checkFit();
    await page.getByRole("button", { name: "Save" }).click();
    const running = page.getByRole("region", { name: "Running" });
    await expect(running.getByText("Cardio", { exact: true })).toBeVisible();
    await expect(running.getByTestId("cardio-row")).toContainText("5 km");
    await expect(running.getByTestId("cardio-row")).toContainText("25:30");
  });

  await test.step("finish: the undone set is dropped", async () => {
    await page.getByRole("region", { name: "Workout in progress" }).getByRole("link", { name: "Finish" }).click();
    await expect(page.getByText("Exercises not marked as done will be removed")).toBeVisible();
    await expect(page.getByLabel("Finish time")).not.toHaveValue("");
    await page.getByLabel("Name (optional)").fill("Push day");
    await page.getByLabel("Notes").fill("Felt strong\nslept 8 h");
    await checkFit();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/workouts\?share=/);
    await expect(page.getByRole("region", { name: "Share your workout" })).toContainText("Push day");
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Workout in progress" })).toBeHidden();
  });

  await test.step("the list shows the duration and volume", async () => {
    const row = page.getByTestId("workout-row");
    await expect(row).toHaveCount(1);
    // 70 x 5 + 80 x 3: the warm-up (60 x 8) and the undone fourth set are not counted.
    await expect(row).toContainText("Volume 590 kg");
    await expect(row.getByText(/\d+ min/).filter({ visible: true }).first()).toBeVisible();
    await checkFit();
    await page.getByRole("link", { name: /^View Push day/ }).click();
    await expect(page.getByRole("table", { name: "Barbell Bench Press sets" }).getByTestId("set-row")).toHaveCount(3);
    await expect(page.getByTestId("workout-volume")).toHaveText("Total volume: 590 kg");
    // Both notes as written, their lines kept.
    expect(await page.getByTestId("workout-notes").innerText()).toContain("Felt strong\nslept 8 h");
    expect(await page.getByText(/^Paused at the chest\s+seat at 4$/).innerText()).toBe("Paused at the chest\nseat at 4");
  });

  await test.step("start from that workout with +2.5 kg", async () => {
    await page.goto("/start-workout");
    await page.getByRole("button", { name: /^Start from .*Push day/ }).click();
    await page.getByRole("menuitem", { name: "+2.5 kg" }).click();
    await expect(page).toHaveURL(/\/workouts\/view\/[^/]+$/);
    await expect(page.getByText("IN PROGRESS", { exact: true })).toBeVisible();
    await expect(sets).toHaveCount(3);
    await expect(sets.nth(0)).toContainText("62.5 kg");
    await expect(sets.nth(2)).toContainText("82.5 kg");
    await checkFit();
  });

  await test.step("delete a set", async () => {
    await page.getByRole("link", { name: "Delete Barbell Bench Press set 2" }).click();
    await expect(page.getByText("72.5 kg x 5")).toBeVisible();
    await page.getByRole("button", { name: "Confirm Delete" }).click();
    await expect(page).toHaveURL(/\/workouts\/view\/[^/]+$/);
    await expect(sets).toHaveCount(2);
    await expect(sets.nth(1)).toContainText("82.5 kg");
  });
}

test("log a workout at desktop size", async ({ page, mailboxDir }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logAWorkout(page, mailboxDir, async () => {});
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("log a workout one-handed", async ({ page, mailboxDir }) => {
    await logAWorkout(page, mailboxDir, () => expectNoHorizontalScroll(page));
  });
});
