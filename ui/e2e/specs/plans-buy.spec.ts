import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, newPerson, signUpVerified } from "../flows";

/** api calls the API from the page, as the app does (same origin, the session's cookie). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body },
  );
}

test("a trainer publishes at 375 × 812 (9.999 refused, not listed at £10.00); a buyer sees a catalogue plan's preview, pays for it from the plan list with the PayPal stand-in's button at 375 × 812, and then sees it in full", async ({
  page,
  browser,
  baseURL,
  mailboxDir,
}) => {
  // A trainer publishes a plan.
  await signUpVerified(page, mailboxDir, newPerson("Coach"));
  await page.goto("/profile/user/upgrade");
  const subscribed = page.waitForResponse((response) => response.url().endsWith("/api/users/subscribe"));
  await page.getByRole("button", { name: "Subscribe with PayPal" }).click();
  expect((await subscribed).status()).toBe(200);
  // A name of its own, so that the spec can run again on the same server (--repeat-each).
  const planName = `Strong 5x5 ${Date.now().toString(36)}`;
  const plan = await api<{ id: string }>(page, "POST", "/api/plans/add", { name: planName, notes: "Coach's notes" });
  await api(page, "POST", "/api/plan_exercises/add", {
    plan: plan.body.id,
    exercise: "Front Squat",
    targets: [{ weight: 100, reps: 5 }],
  });

  // The trainer publishes it from the plan's page on a 375 × 812 phone. A price typed as 9.999
  // is sent as typed and refused under Price, nothing listed; 9.99 lists it.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/plan/${plan.body.id}/view`);
  const listing = page.getByRole("form", { name: `Publish ${planName}` });
  await listing.getByLabel("Price (£)").fill("9.999");
  await listing.getByLabel("Tagline").fill("Get strong");
  await listing.getByLabel("Level").selectOption("Beginner");
  await listing.getByRole("button", { name: "Publish" }).click();
  await expect(listing.getByText("Please enter a price in pounds and pence, e.g. 9.99.")).toBeVisible();
  await expectNoHorizontalScroll(page);
  const unlisted = await api<{ "hydra:member": { id: string }[] }>(page, "GET", "/api/plans/catalogue");
  expect(unlisted.body["hydra:member"].map((entry) => entry.id)).not.toContain(plan.body.id);
  await listing.getByLabel("Price (£)").fill("9.99");
  await listing.getByRole("button", { name: "Publish" }).click();
  await expect(listing.getByRole("button", { name: "Save listing" })).toBeVisible();

  // Another user, on a 375 × 812 phone, sees the preview of the plan (the catalogue's Preview
  // link) and buys it from the catalogue on the plan list with the PayPal button it renders;
  // the page reloads to the plan in full.
  const buyerContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const buyer = await buyerContext.newPage();
  await signUpVerified(buyer, mailboxDir, newPerson("Bea"));
  const preview = await api<{ preview?: boolean; notes?: string }>(buyer, "GET", `/api/plans/${plan.body.id}`);
  expect(preview.body.preview).toBe(true);
  expect(preview.body.notes).toBeUndefined();
  await buyer.goto(`/plan/${plan.body.id}/view`);
  await expect(buyer.getByText("Get strong")).toBeVisible();
  await expect(buyer.getByRole("heading", { name: "Front Squat" })).toHaveCount(0);

  await buyer.goto("/plan");
  // On a phone each plan is a card: its price, and PayPal's button, in view without scrolling sideways.
  const row = buyer.getByRole("list", { name: "Ready-made plans" }).getByRole("listitem", { name: planName });
  await expect(row).toContainText("£9.99");
  await expect(buyer.getByRole("table", { name: "Ready-made plans" })).toHaveCount(0);
  await expectNoHorizontalScroll(buyer);
  const bought = buyer.waitForResponse((response) => response.url().endsWith("/api/plans/buy"));
  // The app reloads the page once the purchase is recorded, some time after the answer: the
  // next load is that reload's, and a navigation of ours before it would be cut short by it.
  const reloaded = buyer.waitForEvent("load");
  await row.getByRole("button", { name: "Pay with PayPal" }).click();
  expect((await bought).status()).toBe(200);
  await reloaded;
  await buyer.goto(`/plan/${plan.body.id}/view`);
  await expect(buyer.getByRole("heading", { name: "Front Squat" })).toBeVisible();

  const full = await api<{ preview?: boolean; notes: string }>(buyer, "GET", `/api/plans/${plan.body.id}`);
  expect(full.body.preview).toBeUndefined();
  expect(full.body.notes).toBe("Coach's notes");
  const exercises = await api<{ "hydra:member": { name: string }[] }>(buyer, "GET", `/api/plan_exercises/list/${plan.body.id}`);
  expect(exercises.body["hydra:member"].map((exercise) => exercise.name)).toEqual(["Front Squat"]);
  const catalogue = await api<{ "hydra:member": { id: string; owned: boolean }[] }>(buyer, "GET", "/api/plans/catalogue");
  expect(catalogue.body["hydra:member"].find((entry) => entry.id === plan.body.id)?.owned).toBe(true);
  await buyerContext.close();
});
