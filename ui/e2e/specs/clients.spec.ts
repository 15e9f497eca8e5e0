import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import {
  expectNoHorizontalScroll,
  logOut,
  logWeight,
  newPerson,
  signIn,
  signUp,
  signUpVerified,
  utcDate,
  verify,
  type Person,
} from "../flows";

// A trainer subscribes, asks an existing user and an address nobody has signed up with; the
// first accepts, the second signs up and accepts too; the trainer follows the confirmed client's
// progress and removes them. The new address answers at 375 × 812, and the trainer removes
// the client there too, through the row's Options menu.

const narrow = { width: 375, height: 812 };
const wide = { width: 1280, height: 720 };

function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

function row(page: Page, table: string, name: string): Locator {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: name });
}

async function signInAs(page: Page, person: Person): Promise<void> {
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/(dashboard|start-workout)$/);
}

/** expectWithinWidth checks that a control is drawn inside the screen's width, with no sideways scrolling. */
async function expectWithinWidth(locator: Locator, width: number): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, "the control is drawn").not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test("a trainer adds clients by e-mail; one accepts, a new address signs up and accepts; the trainer follows the progress and removes the client", async ({
  page,
  mailboxDir,
}) => {
  // A ceiling, not a timing check: four people sign up, sign in and out on a shared machine.
  test.setTimeout(240_000);
  const client = newPerson("Cleo");
  const newcomer = newPerson("Nora");
  const trainer = newPerson("Tara");

  await test.step("an existing user with a display name logs two weights", async () => {
    await signUpVerified(page, mailboxDir, client);
    await page.goto("/profile/user/edit");
    await page.getByLabel("Display name").fill("Cleo Client");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/profile\/view$/);
    await logWeight(page, utcDate(-1), "61.5");
    await logWeight(page, utcDate(0), "61");
    await expect(mainNav(page).getByRole("link", { name: /^Trainer/ })).toHaveCount(0);
    await logOut(page, /Cleo Client/);
  });

  await test.step("a trainer subscribes through the PayPal stand-in and asks both addresses", async () => {
    await signUpVerified(page, mailboxDir, trainer);
    await page.goto("/profile/user/upgrade");
    const subscribed = page.waitForResponse((response) => response.url().endsWith("/api/users/subscribe"));
    await page.getByRole("button", { name: "Subscribe with PayPal" }).click();
    expect((await subscribed).status()).toBe(200);

    await mainNav(page).getByRole("link", { name: "Clients" }).click();
    await expect(page).toHaveURL(/\/client$/);
    await expect(page.getByText("Clients you add will be listed here.")).toBeVisible();

    for (const email of [client.email, newcomer.email]) {
      await page.getByRole("link", { name: "Add client" }).click();
      await expect(page.getByRole("heading", { name: "Add Client" })).toBeVisible();
      await expect(page.getByRole("listitem")).toHaveCount(4);
      await expect(page.getByLabel("Client's e-mail")).toHaveAttribute("type", "email");
      await page.getByLabel("Client's e-mail").fill(email);
      await page.getByRole("button", { name: "Send Request" }).click();
      await expect(page).toHaveURL(/\/client$/);
    }

    await expect(row(page, "Clients", "Cleo Client")).toContainText("Requested");
    await expect(row(page, "Clients", "Cleo Client")).toContainText("No activity");
    await expect(row(page, "Clients", newcomer.email)).toContainText("Requested");
    await expect(row(page, "Clients", newcomer.email)).toContainText("—");
    await expect(page.getByRole("table", { name: "Clients" }).getByRole("link")).toHaveCount(0);
    await logOut(page, /Tara/);
  });

  await test.step("the existing user sees the pending request in the header and accepts it", async () => {
    await signInAs(page, client);
    const trainerLink = mainNav(page).getByRole("link", { name: /^Trainer/ });
    await expect(trainerLink.getByLabel("1 pending")).toBeVisible();
    await trainerLink.click();
    await expect(page).toHaveURL(/\/trainer$/);
    const request = row(page, "Trainers", "Tara Lovelace");
    await expect(request).toContainText("Requested");
    await request.getByRole("button", { name: "Accept" }).click();

    await expect(request).toContainText("Confirmed");
    await expect(request.getByRole("button")).toHaveCount(0);
    await expect(trainerLink.getByLabel(/pending/)).toHaveCount(0);
    await expect(trainerLink).toBeVisible();
    await logOut(page, /Cleo Client/);
  });

  await test.step("at 375 × 812 the new address signs up, sees the request in the menu and accepts it", async () => {
    await page.setViewportSize(narrow);
    await signUp(page, newcomer);
    await verify(page, mailboxDir, newcomer);
    await page.getByRole("button", { name: "Open menu" }).click();
    const trainerLink = mainNav(page).getByRole("link", { name: /^Trainer/ });
    await expect(trainerLink.getByLabel("1 pending")).toBeVisible();
    await trainerLink.click();
    await expect(page).toHaveURL(/\/trainer$/);

    const request = row(page, "Trainers", "Tara Lovelace");
    await expect(request).toContainText("Requested");
    await expectNoHorizontalScroll(page);
    await expectWithinWidth(request.getByRole("button", { name: "Accept" }), narrow.width);
    await request.getByRole("button", { name: "Accept" }).click();
    await expect(request).toContainText("Confirmed");
    await expect(request.getByRole("button")).toHaveCount(0);
    await expectNoHorizontalScroll(page);

    await page.setViewportSize(wide);
    await logOut(page, /Nora/);
  });

  await test.step("the trainer sees both confirmed, with the links", async () => {
    await signInAs(page, trainer);
    await mainNav(page).getByRole("link", { name: "Clients" }).click();
    const confirmed = row(page, "Clients", "Cleo Client");
    await expect(confirmed).toContainText("Confirmed");
    const filter = "userFilter=Cleo+Client";
    await expect(confirmed.getByRole("link", { name: "Plans" })).toHaveAttribute("href", `/plan?${filter}`);
    await expect(confirmed.getByRole("link", { name: "Workouts" })).toHaveAttribute("href", `/workouts?${filter}`);
    await expect(confirmed.getByRole("link", { name: "Progress" })).toHaveAttribute("href", `/progress?${filter}`);
    const newcomerRow = row(page, "Clients", "Nora Lovelace");
    await expect(newcomerRow).toContainText("Confirmed");
    await expect(newcomerRow.getByRole("link", { name: "Workouts" })).toHaveAttribute("href", "/workouts?userFilter=Nora+Lovelace");
  });

  await test.step("the Progress link shows the client's progress", async () => {
    await row(page, "Clients", "Cleo Client").getByRole("link", { name: "Progress" }).click();
    await expect(page).toHaveURL(/\/progress\?userFilter=Cleo\+Client$/);
    await expect(page.getByText("Client: Cleo Client")).toBeVisible();
    const sizeAndWeight = page.getByRole("region", { name: "Size & Weight" });
    await expect(sizeAndWeight.getByRole("article").filter({ hasText: "Weight" })).toBeVisible();
    await expect(sizeAndWeight.getByText("61.5")).toBeVisible();
  });

  await test.step("at 375 × 812 the trainer removes the client", async () => {
    await page.setViewportSize(narrow);
    await page.goto("/client");
    const confirmed = row(page, "Clients", "Cleo Client");
    await expect(confirmed).toContainText("Confirmed");
    await expectNoHorizontalScroll(page);
    // On a phone the row's actions are the items of its Options menu.
    await expect(confirmed.getByRole("link")).toHaveCount(1); // the client's name, to their page
    const options = confirmed.getByRole("button", { name: "Options for Cleo Client" });
    await expectWithinWidth(options, narrow.width);
    await options.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Plans", "Workouts", "Progress", "Activity", "Remove"]);
    await expect(menu.getByRole("menuitem", { name: "Workouts" })).toHaveAttribute("href", "/workouts?userFilter=Cleo+Client");
    const remove = menu.getByRole("menuitem", { name: "Remove" });
    await expectWithinWidth(remove, narrow.width);
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: "Remove client" });
    await expect(dialog).toContainText("Remove Cleo Client?");
    await dialog.getByRole("button", { name: "Remove" }).click();

    await expect(dialog).toBeHidden();
    await expect(row(page, "Clients", "Cleo Client")).toHaveCount(0);
    await expect(row(page, "Clients", "Nora Lovelace")).toContainText("Confirmed");
    await expectNoHorizontalScroll(page);
  });
});
