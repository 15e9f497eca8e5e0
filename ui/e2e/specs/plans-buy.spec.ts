import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { newPerson, signUpVerified } from "../flows";

/** The part of the stand-in's JS SDK the catalogue's Buy button uses. */
interface CheckoutSdk {
  Buttons: (options: {
    createOrder: (data: unknown, actions: { order: { create: (order: unknown) => Promise<string> } }) => Promise<string>;
    onApprove: (data: { orderID: string }, actions: { order: { capture: () => Promise<unknown> } }) => Promise<void>;
    onError: (error: unknown) => void;
  }) => { render: (container: HTMLElement) => Promise<void> };
}

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

test("a buyer pays for a catalogue plan with the PayPal stand-in's one-off button and then sees it in full", async ({
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
  const plan = await api<{ id: string }>(page, "POST", "/api/plans/add", { name: "Strong 5x5", notes: "Coach's notes" });
  await api(page, "POST", "/api/plan_exercises/add", {
    plan: plan.body.id,
    exercise: "Front Squat",
    targets: [{ weight: 100, reps: 5 }],
  });
  const published = await api(page, "PUT", `/api/plans/${plan.body.id}/publish`, {
    price: 9.99,
    tagline: "Get strong",
    level: "Beginner",
  });
  expect(published.status).toBe(200);

  // Another user sees the preview, and buys the plan with the button the catalogue renders.
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await signUpVerified(buyer, mailboxDir, newPerson("Bea"));
  const preview = await api<{ preview?: boolean; notes?: string }>(buyer, "GET", `/api/plans/${plan.body.id}`);
  expect(preview.body.preview).toBe(true);
  expect(preview.body.notes).toBeUndefined();

  await buyer.evaluate(async (planId) => {
    const config = (await (await fetch("/api/plans/checkout-config")).json()) as { sdkUrl: string; currency: string };
    const listing = (await (await fetch(`/api/plans/${planId}`)).json()) as { name: string; price: number };
    await new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = config.sdkUrl;
      script.onload = resolve;
      script.onerror = reject;
      document.head.appendChild(script);
    });
    const box = document.createElement("div");
    document.body.prepend(box);
    const paypal = (window as unknown as { paypal: CheckoutSdk }).paypal;
    const state = window as unknown as { bought: Promise<number> };
    state.bought = new Promise<number>((resolve, reject) => {
      void paypal
        .Buttons({
          createOrder: (_data, actions) =>
            actions.order.create({
              intent: "CAPTURE",
              purchase_units: [
                { description: listing.name, amount: { currency_code: config.currency, value: listing.price.toFixed(2) } },
              ],
            }),
          onApprove: async (data, actions) => {
            await actions.order.capture();
            const response = await fetch("/api/plans/buy", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ planId, orderId: data.orderID }),
            });
            resolve(response.status);
          },
          onError: reject,
        })
        .render(box);
    });
  }, plan.body.id);
  await buyer.getByRole("button", { name: "Pay with PayPal" }).click();
  expect(await buyer.evaluate(() => (window as unknown as { bought: Promise<number> }).bought)).toBe(200);

  const full = await api<{ preview?: boolean; notes: string }>(buyer, "GET", `/api/plans/${plan.body.id}`);
  expect(full.body.preview).toBeUndefined();
  expect(full.body.notes).toBe("Coach's notes");
  const exercises = await api<{ "hydra:member": { name: string }[] }>(buyer, "GET", `/api/plan_exercises/list/${plan.body.id}`);
  expect(exercises.body["hydra:member"].map((exercise) => exercise.name)).toEqual(["Front Squat"]);
  const catalogue = await api<{ "hydra:member": { id: string; owned: boolean }[] }>(buyer, "GET", "/api/plans/catalogue");
  expect(catalogue.body["hydra:member"].find((entry) => entry.id === plan.body.id)?.owned).toBe(true);
  await buyerContext.close();
});
