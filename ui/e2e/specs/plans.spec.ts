import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, newPerson, signUpVerified } from "../flows";

// The Plans area end to end on the real binary: create a plan, add Barbell Bench Press (found
// by typing "bench"; three target rows, the middle one removed; reps of 2.5 refused), Dip (bodyweight: no weight; a refused save shows its
// reason under the row's cell) and Running (cardio), see the overview with a "not in plan"
// toggletip opened by a tap, edit one exercise, delete another, find the plan in the list and the grid, rename it
// and delete it.
async function buildAPlan(page: Page, mailboxDir: string, checkFit: () => Promise<void>, touch = false): Promise<void> {
  await signUpVerified(page, mailboxDir, newPerson("Planner"));
  const targets = page.getByRole("table", { name: "Targets" }).getByTestId("target-row");

  await test.step("the empty list, then create a plan", async () => {
    await page.goto("/plan");
    await expect(page.getByText("No plans created")).toBeVisible();
    await checkFit();
    await page.getByRole("link", { name: "Create new plan" }).click();
    await page.getByLabel("Name").fill("Push A");
    await page.getByLabel("Notes").fill("Heavy day");
    await checkFit();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/plan\/[^/]+\/exercises\/new$/);
    await expect(page.getByRole("heading", { name: "Select Exercise Type" })).toBeVisible();
  });

  await test.step("Barbell Bench Press: three rows, the middle one removed", async () => {
    await page.getByRole("link", { name: "Free Weights" }).click();
    await expect(page).toHaveURL(/\/exercises\/select\?category=free-weights$/);
    // "bench" offers Barbell Bench Press among the first three suggestions.
    await page.getByLabel("Exercise name").fill("bench");
    const suggestions = page.getByRole("region", { name: "Upper body" }).getByRole("button");
    await expect(suggestions.first()).toBeVisible();
    expect((await suggestions.allInnerTexts()).slice(0, 3)).toContain("Barbell Bench Press");
    await suggestions.filter({ hasText: /^Barbell Bench Press$/ }).first().click();
    await expect(page.getByRole("heading", { name: "Barbell Bench Press" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove set 1" })).toHaveCount(0);
    await page.getByLabel("Weight set 1").fill("60");
    await page.getByLabel("Reps set 1").fill("8");
    await page.getByRole("button", { name: "Add Set" }).click();
    await expect(page.getByLabel("Weight set 2")).toHaveValue("60");
    await expect(page.getByLabel("Reps set 2")).toHaveValue("8");
    await page.getByLabel("Weight set 2").fill("65");
    await page.getByRole("button", { name: "Add Set" }).click();
    await expect(page.getByLabel("Weight set 3")).toHaveValue("65");
    await page.getByLabel("Weight set 3").fill("70.005");
    await page.getByLabel("Reps set 3").fill("5");
    await expect(targets).toHaveCount(3);
    await page.getByRole("button", { name: "Remove set 2" }).click();
    await expect(targets).toHaveCount(2);
    await expect(page.getByLabel("Weight set 2")).toHaveValue("70.005");
    // Reps of 2.5 are sent as typed and refused under their cell, not saved as 2.
    await page.getByLabel("Reps set 2").fill("2.5");
    await page.getByRole("button", { name: "Save & Next Exercise" }).click();
    await expect(page.getByRole("alert")).toContainText("Please check the validation issues below");
    await expect(targets.nth(1)).toContainText("Please enter whole reps from 1 to 1000.");
    await page.getByLabel("Reps set 2").fill("5");
    await checkFit();
    await page.getByRole("button", { name: "Save & Next Exercise" }).click();
    await expect(page).toHaveURL(/\/plan\/[^/]+\/exercises\/new$/);
  });

  await test.step("Dip: bodyweight has no weight, and a refused row shows why", async () => {
    await page.getByRole("link", { name: "Bodyweight" }).click();
    await page.getByLabel("Exercise name").fill("dip");
    await page.getByRole("region", { name: "Upper body" }).getByRole("button", { name: "Dip", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Dip" })).toBeVisible();
    await expect(page.getByLabel("Weight set 1")).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Targets" }).getByRole("columnheader", { name: "Reps" })).toBeVisible();
    // Reps left empty are saved as 0, which the server refuses on reps_1.
    await page.getByRole("button", { name: "More ways to save" }).click();
    await page.getByRole("menuitem", { name: "Save & View Plan" }).click();
    await expect(page.getByRole("alert")).toContainText("Please check the validation issues below");
    await expect(targets.first()).toContainText("Please enter whole reps from 1 to 1000.");
    await page.getByLabel("Reps set 1").fill("12");
    await checkFit();
    await page.getByRole("button", { name: "More ways to save" }).click();
    await page.getByRole("menuitem", { name: "Save & View Plan" }).click();
    await expect(page).toHaveURL(/\/plan\/[^/]+\/view$/);
  });

  await test.step("Running: a cardio target", async () => {
    await page.getByRole("link", { name: "+ Exercise" }).click();
    await page.getByRole("link", { name: "Cardio" }).click();
    await page.getByLabel("Exercise name").fill("runn");
    await page.getByRole("button", { name: "Running", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Running" })).toBeVisible();
    await expect(page.getByText("Cardio", { exact: true })).toBeVisible();
    await page.getByLabel("Distance set 1").fill("5.006");
    await page.getByLabel("Unit set 1").selectOption("km");
    await page.getByLabel("Minutes set 1").fill("25");
    await page.getByLabel("Seconds set 1").fill("30");
    await checkFit();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/plan\/[^/]+\/view$/);
  });

  const cards = page.getByTestId("plan-exercise");

  await test.step("the overview: heading, muscle groups, the not-in-plan toggletip, the cards", async () => {
    await expect(page.getByRole("heading", { name: "Push A" })).toBeVisible();
    await expect(page.getByText("Heavy day")).toBeVisible();
    await expect(cards).toHaveCount(3);
    // Running's groups are in: the badges have stopped moving, so the pointer stays on Back.
    await expect(page.getByLabel("Muscle groups in plan")).toContainText("Hamstrings");
    const notInPlan = page.getByLabel("Muscle groups not in plan");
    await expect(notInPlan.getByRole("button", { name: "Back", exact: true })).toBeVisible();
    await expect(notInPlan.getByRole("button", { name: "Hamstrings", exact: true })).toHaveCount(0);
    // A tap (a click at desktop size) opens what would cover Back: a phone has no hover.
    const back = notInPlan.getByRole("button", { name: "Back", exact: true });
    await (touch ? back.tap() : back.click());
    await expect(page.getByRole("dialog", { name: "Exercises for Back" })).toContainText("Pull-Up");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Exercises for Back" })).toHaveCount(0);
    const bench = page.getByRole("article", { name: "Barbell Bench Press" });
    await expect(bench.getByTestId("target-row")).toHaveCount(2);
    await expect(bench.getByTestId("target-row").nth(1)).toContainText("70.01");
    await expect(page.getByRole("article", { name: "Running" })).toContainText("5.01 km");
    await expect(page.getByRole("article", { name: "Running" })).toContainText("25:30");
    await checkFit();
  });

  await test.step("edit an exercise", async () => {
    await page.getByRole("link", { name: "Edit Barbell Bench Press" }).click();
    await expect(page.getByLabel("Weight set 2")).toHaveValue("70.01");
    await page.getByLabel("Reps set 2").fill("4");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/plan\/[^/]+\/view$/);
    await expect(page.getByRole("article", { name: "Barbell Bench Press" }).getByTestId("target-row").nth(1)).toContainText("4");
  });

  await test.step("delete an exercise", async () => {
    await page.getByRole("link", { name: "Delete Dip" }).click();
    await expect(page.getByText("Dip", { exact: true })).toBeVisible();
    await expect(page.getByText("1 set", { exact: true })).toBeVisible();
    await checkFit();
    await page.getByRole("button", { name: "Confirm Delete" }).click();
    await expect(page).toHaveURL(/\/plan\/[^/]+\/view$/);
    await expect(cards).toHaveCount(2);
  });

  await test.step("the list and the grid", async () => {
    await page.goto("/plan");
    const row = page.getByTestId("plan-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Push A");
    await expect(row).toContainText("Heavy day");
    await expect(page.getByRole("link", { name: "Edit Push A" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Share Push A" })).toHaveCount(0);
    await checkFit();
    await page.getByRole("link", { name: "Grid view" }).click();
    await expect(page.getByTestId("plan-card")).toContainText("Barbell Bench Press, Running");
    await checkFit();
  });

  await test.step("rename the plan, then delete it", async () => {
    await page.getByRole("link", { name: "Push A" }).click();
    await page.getByRole("link", { name: "Edit Plan" }).click();
    await expect(page.getByLabel("Name")).toHaveValue("Push A");
    await page.getByLabel("Name").fill("Push B");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Push B" })).toBeVisible();
    await page.getByRole("link", { name: "Delete Plan" }).click();
    await expect(page.getByText("Push B")).toBeVisible();
    await checkFit();
    await page.getByRole("button", { name: "Confirm Delete" }).click();
    await expect(page).toHaveURL(/\/plan$/);
    await expect(page.getByText("No plans created")).toBeVisible();
  });
}

test("build a plan at desktop size", async ({ page, mailboxDir }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await buildAPlan(page, mailboxDir, async () => {});
});

test.describe("on a 375 × 812 phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("build a plan", async ({ page, mailboxDir }) => {
    await buildAPlan(page, mailboxDir, () => expectNoHorizontalScroll(page), true);
  });
});
