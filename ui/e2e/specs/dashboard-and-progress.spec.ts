import type { Locator, Page } from "@playwright/test";
import { demoLifter } from "../demo";
import { expect, test } from "../fixtures";
import { expectLoaded, expectNoHorizontalScroll, newPerson, signIn, signUpVerified } from "../flows";

// Issue 12 on the real binary: the demo lifter (seeded by `gymlog demo` before the server
// starts) sees both carousels turn, the charts and the progress panes; a new user sees every
// empty state; and at 375 × 812 none of these screens scrolls sideways.

const dashboardEmpty = "No data for chart. Start logging your weight to see progress.";

async function signInAsDemo(page: Page): Promise<void> {
  await signIn(page, demoLifter.email, demoLifter.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

// expectNothingPastTheRightEdge checks that nothing on the page is drawn past the screen's right
// edge, even where an overflow rule would hide it rather than let the page scroll. The charts'
// text alternatives are visually hidden (clipped to a pixel) and left out.
async function expectNothingPastTheRightEdge(page: Page): Promise<void> {
  const past = await page.evaluate(() =>
    Array.from(document.querySelectorAll("main *"))
      .filter((element) => !element.closest("table") && element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").slice(0, 40)}"`),
  );
  expect(past, `past the right edge of ${page.url()}`).toEqual([]);
}

// drawEveryChart scrolls to each chart in turn, since a chart is drawn as it comes near the
// screen, and waits until every chart with data (each has a table of its values) is drawn.
async function drawEveryChart(page: Page): Promise<void> {
  const tables = page.locator("main table");
  const drawn = page.locator("main .VictoryContainer");
  const count = await tables.count();
  expect(count, "charts with data").toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await tables.nth(i).locator("xpath=ancestor::div[contains(@class, 'chakra-card__body')]").scrollIntoViewIfNeeded();
  await expect(drawn).toHaveCount(count);
  await page.evaluate(() => window.scrollTo(0, 0));
}

// slideText waits for a carousel's current slide and reads it.
async function slideText(carousel: Locator): Promise<string> {
  const slide = carousel.getByRole("group");
  await expect(slide).toBeVisible();
  return slide.innerText();
}

test("the demo lifter's dashboard turns both carousels and draws the charts", async ({ page }) => {
  await signInAsDemo(page);
  await page.mouse.move(0, 0);

  await test.step("the time carousel turns every 4 s", async () => {
    const time = page.getByRole("region", { name: "Time" });
    await expect(time.getByText("Average Duration")).toBeVisible();
    await expect(time.getByText(/^\d+ min$/)).toBeVisible();
    await expect(time.getByText("Workouts per Week")).toBeVisible({ timeout: 6_000 });
    await expect(time.getByText("Days Since Last Workout")).toBeVisible({ timeout: 6_000 });
  });

  await test.step("the personal-bests carousel turns every 3 s", async () => {
    const bests = page.getByRole("region", { name: "Personal bests" });
    const first = await slideText(bests);
    await expect.poll(() => slideText(bests), { timeout: 5_000 }).not.toBe(first);
  });

  await test.step("the duration chart (the demo lifter's choice) and the muscle groups of the past month", async () => {
    await expectLoaded(page);
    await expect(page.getByRole("heading", { name: "Duration" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Weight" })).toHaveCount(0);
    const duration = page.getByRole("table", { name: /^Duration, average/ });
    await expect(duration.getByRole("columnheader", { name: "Duration (min)" })).toBeAttached();
    expect(await duration.getByRole("row").count()).toBeGreaterThan(2);
    const muscles = page.getByRole("table", { name: "Muscle Groups (Past Month)" });
    await expect(muscles.getByRole("rowheader", { name: "Chest" })).toBeAttached();
    await expect(page.locator("main .VictoryContainer svg").first()).toBeVisible();
    await expect(page.getByText(dashboardEmpty)).toHaveCount(0);
  });
});

test("the demo lifter's progress panes and charts", async ({ page }) => {
  await signInAsDemo(page);
  await page.getByRole("banner").getByRole("link", { name: "Progress" }).first().click();
  await expect(page).toHaveURL(/\/progress$/);

  await test.step("Personal Bests: a card per exercise with its badge, start and current", async () => {
    const pane = page.getByRole("region", { name: "Personal Bests" });
    const squat = pane.getByRole("article").filter({ has: page.getByRole("heading", { name: "Barbell Back Squat" }) });
    await expect(squat.getByText(/^Up \+[\d.]+ kg$/)).toBeVisible();
    await expect(squat.getByText(/^[\d.]+ kg on \d\d\/\d\d\/\d{4}$/)).toHaveCount(2);
  });

  await test.step("Size & Weight: weight first, then the measured categories", async () => {
    const pane = page.getByRole("region", { name: "Size & Weight" });
    const headings = pane.getByRole("heading", { level: 3 });
    await expect(headings.first()).toHaveText("Weight");
    await expect(pane.getByRole("heading", { name: "Arms" })).toBeVisible();
    await expect(pane.getByText(/^(Up|Down) [+-]?[\d.]+ cm$/).first()).toBeVisible();
  });

  await test.step("the charts: duration, weight, each repeated exercise and size category", async () => {
    await page.getByRole("link", { name: "Charts" }).click();
    await expect(page).toHaveURL(/\/progress\/charts$/);
    await expectLoaded(page);
    await expect(page.getByRole("table", { name: /^Daily Duration, average/ })).toBeAttached();
    const weight = page.getByRole("table", { name: /^Weight, average/ });
    await expect(weight.getByRole("columnheader", { name: "Weight (kg)" })).toBeAttached();
    await expect(weight.getByRole("columnheader", { name: "Trend" })).toBeAttached();
    await expect(page.getByRole("table", { name: /^Barbell Back Squat, average/ })).toBeAttached();
    const arms = page.getByRole("table", { name: /^Arms, average/ });
    await expect(arms.getByRole("columnheader", { name: "Measurement (cm)" })).toBeAttached();
    await expect(page.getByText("No data for chart.")).toHaveCount(0);
  });
});

test("a new user sees every empty state", async ({ page, mailboxDir }) => {
  await signUpVerified(page, mailboxDir, newPerson("Empty"));
  await page.goto("/dashboard");

  await test.step("the time widget's fallbacks", async () => {
    const time = page.getByRole("region", { name: "Time" });
    await expect(time.getByText("Coming soon")).toBeVisible();
    await time.getByRole("button", { name: "Next slide" }).click();
    await expect(time.getByText("Stay tuned")).toBeVisible();
    await time.getByRole("button", { name: "Next slide" }).click();
    await expect(time.getByText("TBC")).toBeVisible();
  });

  await test.step("no personal bests, the weight chart and muscle groups empty", async () => {
    await expect(page.getByText("No PBs to show")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Weight" })).toBeVisible();
    await expect(page.getByText(dashboardEmpty)).toHaveCount(2);
  });

  await test.step("the progress panes and charts", async () => {
    await page.goto("/progress");
    await expect(page.getByRole("region", { name: "Personal Bests" }).getByText("No PBs to show")).toBeVisible();
    await expect(page.getByRole("region", { name: "Size & Weight" }).getByText("No changes to show")).toBeVisible();
    await page.goto("/progress/charts");
    await expect(page.getByText("No data for chart.", { exact: true })).toHaveCount(2);
  });
});

test.describe("at 375 × 812", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the dashboard and progress screens fit the screen, full or empty", async ({ page, mailboxDir }) => {
    await signInAsDemo(page);
    for (const [path, charts] of [
      ["/dashboard", true],
      ["/progress", false],
      ["/progress/charts", true],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Every chart drawn: one drawn later could still push something past the edge.
      await expectLoaded(page);
      if (charts) await drawEveryChart(page);
      else await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNothingPastTheRightEdge(page);
    }
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/signin$/);

    await signUpVerified(page, mailboxDir, newPerson("Narrow"));
    for (const path of ["/dashboard", "/progress", "/progress/charts"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectLoaded(page);
      await expectNoHorizontalScroll(page);
      await expectNothingPastTheRightEdge(page);
    }
  });
});

test.describe("in Auckland", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("a new user's days are counted in the browser's time zone, which the profile can change", async ({ page, mailboxDir }) => {
    await signUpVerified(page, mailboxDir, newPerson("Kiri"));
    await page.goto("/profile/view");
    const zone = page.getByRole("combobox", { name: "Time zone" });
    await expect(zone).toHaveValue("Pacific/Auckland");

    await zone.selectOption("Europe/London");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Time zone saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/London");
  });
});
