import { expect, test } from "../fixtures";
import { newPerson, signIn, signUpVerified, userMenu } from "../flows";

test("a Standard user subscribes through the PayPal stand-in and becomes a Personal Trainer", async ({
  page,
  mailboxDir,
}) => {
  const person = newPerson("Ada");
  await signUpVerified(page, mailboxDir, person);

  await userMenu(page, /Ada/).click();
  await page.getByRole("menuitem", { name: "Upgrade" }).click();
  await expect(page).toHaveURL(/\/profile\/user\/upgrade$/);
  await expect(page.getByText("Standard", { exact: true })).toBeVisible();
  await expect(page.getByText(/Link clients: your clients sign up free/)).toBeVisible();
  await expect(page.getByText("GBP 10.00 a month, paid through PayPal. Cancel at any time.")).toBeVisible();

  const subscribed = page.waitForResponse((response) => response.url().endsWith("/api/users/subscribe"));
  await page.getByRole("button", { name: "Subscribe with PayPal" }).click();
  expect((await subscribed).status()).toBe(200);

  await expect(page.getByRole("heading", { name: "Cancel your subscription" })).toBeVisible();
  await expect(page.getByText("Go to Settings > Payments.")).toBeVisible();
  await expect(userMenu(page, /Personal Trainer/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" })).toBeVisible();

  await userMenu(page, /Ada/).click();
  await expect(page.getByRole("menuitem", { name: "Upgrade" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.reload();
  await expect(page.getByText("Personal Trainer", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe with PayPal" })).toHaveCount(0);
});

test("closing the account shows Logging out, lands on the home page, and the account cannot sign in", async ({
  page,
  mailboxDir,
}) => {
  const person = newPerson("Grace");
  await signUpVerified(page, mailboxDir, person);

  await page.goto("/profile/view");
  await page.getByRole("link", { name: "Close account" }).click();
  await expect(page).toHaveURL(/\/profile\/user\/close-account$/);
  await expect(page.getByText(/final and irreversible/)).toBeVisible();
  await expect(page.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");

  const closed = page.waitForResponse((response) => response.url().endsWith("/api/users/delete"));
  await page.getByRole("button", { name: "Close Account" }).click();
  expect((await closed).status()).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

  await signIn(page, person.email, person.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  await expect(page).toHaveURL(/\/signin$/);
});

test("closing the account lands on the home page even when another call answers 401 before the close does", async ({
  page,
  mailboxDir,
}) => {
  const person = newPerson("Hedy");
  await signUpVerified(page, mailboxDir, person);
  await page.goto("/profile/user/close-account");
  await expect(page.getByText(/final and irreversible/)).toBeVisible();

  // The server ends the session before it answers the close. Hold its answer while the page
  // refreshes what it shows (as it does when the lifter comes back to the tab): those calls
  // answer 401 first.
  const refused = page.waitForResponse((response) => response.status() === 401);
  await page.route("**/api/users/delete", async (route) => {
    const response = await route.fetch();
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await refused;
    await route.fulfill({ response });
  });
  const closed = page.waitForResponse((response) => response.url().endsWith("/api/users/delete"));
  await page.getByRole("button", { name: "Close Account" }).click();
  expect((await closed).status()).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
});
