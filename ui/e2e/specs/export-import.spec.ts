import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, newPerson, signUpVerified } from "../flows";

// The sample files the Go import tests read too, written from Strong's and Hevy's published formats.
const samples = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "httpapi", "testdata", "import");

/** downloadText clicks a download link and returns the file's name and text. */
async function downloadText(page: Page, name: string): Promise<{ file: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const path = await download.path();
  return { file: download.suggestedFilename(), text: await readFile(path, "utf8") };
}

/** importStrongSample previews the Strong sample (weights in lbs) and imports it. */
async function importStrongSample(page: Page, check?: () => Promise<void>) {
  const card = page.getByRole("heading", { name: "Import workouts" });
  await card.scrollIntoViewIfNeeded();
  await page.getByLabel("File", { exact: true }).setInputFiles(join(samples, "strong.csv"));
  await page.getByLabel("Weights in a Strong file").selectOption("lbs");
  await page.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview).toContainText("Strong CSV: 2 workouts, 7 sets from 04/03/2024 to 06/03/2024.");
  await expect(page.getByRole("table", { name: "Workouts to import" })).toContainText("Jambes, día 1");
  const skipped = page.getByRole("region", { name: "Skipped" });
  await expect(skipped).toContainText("Line 9: A rest timer, not a set.");
  await expect(skipped).toContainText('Line 11: The reps "abc" is not a number.');
  await expect(page.getByRole("region", { name: "Changed" })).toContainText("The weight 225 lbs is kept as 102.06 kg.");
  const exercises = page.getByRole("region", { name: "Exercises" });
  await expect(exercises).toContainText("Squat (Barbell) → Barbell Back Squat (3 sets)");
  await expect(exercises).toContainText("Running (Treadmill) → Treadmill (1 set)");
  await check?.();

  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Imported 2 workouts, 7 sets, 0 weights and 0 sizes.")).toBeVisible();
}

test("download my data, then import a Strong export with its preview into a fresh account", async ({ page, mailboxDir }) => {
  await signUpVerified(page, mailboxDir, newPerson("Ivy"));
  await page.goto("/profile/view");
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();

  await test.step("the downloads", async () => {
    const events = await downloadText(page, "Download NDJSON");
    expect(events.file).toMatch(/^gymlog-events-\d{4}-\d{2}-\d{2}\.ndjson$/);
    const first = JSON.parse(events.text.split("\n")[0] ?? "") as { type: string; stream: string };
    expect(first.stream).toMatch(/^(user|email)-/);
    expect(events.text).not.toContain("passwordHash");
    const csv = await downloadText(page, "Download CSV");
    expect(csv.file).toMatch(/\.csv$/);
    expect(csv.text.split("\n")[0]).toBe("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE");
  });

  await importStrongSample(page);

  await page.goto("/workouts");
  await expect(page.getByText("Développé couché")).toBeVisible();
  await expect(page.getByText("Jambes, día 1")).toBeVisible();

  await test.step("a file over 8 MB: the form says so, and the server answers a browser that sends one anyway", async () => {
    const tooLarge = "The file is too large: at most 8 MB can be imported at once.";
    await page.goto("/profile/view");
    await page.getByLabel("File", { exact: true }).setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.alloc(8 * 1024 * 1024 + 1, "x") });
    await expect(page.getByText(tooLarge)).toBeVisible();
    await expect(page.getByRole("button", { name: "Preview" })).toBeDisabled();
    // 9 MB of quotes are an 18 MB body, over the body's limit: the server reads it to the end
    // before it answers, so the browser gets the 422 rather than a connection reset.
    const answer = await page.evaluate(async () => {
      const response = await fetch("/api/imports/preview", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        credentials: "same-origin",
        body: JSON.stringify({ content: '"'.repeat(9 * 1024 * 1024) }),
      });
      return { status: response.status, body: await response.text() };
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain(tooLarge);
  });

  await test.step("the same file again: the preview says the account holds its workouts, and it adds nothing", async () => {
    await page.goto("/profile/view");
    await page.getByLabel("File", { exact: true }).setInputFiles(join(samples, "strong.csv"));
    await page.getByLabel("Weights in a Strong file").selectOption("lbs");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Import preview" })).toContainText(
      "All of these workouts are in your account already: they are left as they are.",
    );
    await expect(page.getByRole("table", { name: "Workouts to import" }).getByText("In your account")).toHaveCount(2);
    // The person may change what an exercise becomes; the choice is kept for the next import.
    const exercises = page.getByRole("region", { name: "Exercises" });
    await exercises.getByRole("button", { name: "Change Squat (Barbell)" }).click();
    await exercises.getByLabel("Import Squat (Barbell) as").fill("Front Squat");
    await exercises.getByRole("button", { name: "Use" }).click();
    await expect(exercises.getByText("Squat (Barbell) → Front Squat (3 sets)")).toBeVisible();
    await page.reload();
    await page.getByLabel("File", { exact: true }).setInputFiles(join(samples, "strong.csv"));
    await page.getByLabel("Weights in a Strong file").selectOption("lbs");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(exercises.getByText("Squat (Barbell) → Front Squat (3 sets)")).toBeVisible();
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByText("Imported 0 workouts, 0 sets, 0 weights and 0 sizes.")).toBeVisible();
    await expect(page.getByText("2 were imported before and are left as they are.")).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("at 375 × 812 the preview and the result fit the screen", async ({ page, mailboxDir }) => {
    await signUpVerified(page, mailboxDir, newPerson("Kit"));
    await page.goto("/profile/view");
    await expectNoHorizontalScroll(page);
    await importStrongSample(page, () => expectNoHorizontalScroll(page));
    await expectNoHorizontalScroll(page);
  });
});
