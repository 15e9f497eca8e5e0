import { expect, test } from "../fixtures";
import { newPerson, signUpVerified, ukDate, userMenu, utcDate } from "../flows";

test("editing the profile changes the header's name and icon at once", async ({ page, mailboxDir }) => {
  const person = newPerson("Ada");
  await signUpVerified(page, mailboxDir, person);
  await expect(userMenu(page, /Ada/)).toHaveAttribute("data-avatar", "fa-user");

  await userMenu(page, /Ada/).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile\/view$/);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/profile\/user\/edit$/);
  await expect(page.getByRole("heading", { name: "Your Details" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByRole("radio", { name: "Person" })).toBeChecked();

  await test.step("Cancel goes back to the profile", async () => {
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/profile\/view$/);
    await page.getByRole("link", { name: "Edit" }).click();
  });

  await page.getByLabel("Display name").fill("Countess");
  await page.getByRole("radio", { name: "Heart" }).check({ force: true });
  await page.getByLabel("Dashboard chart").selectOption("Duration");
  await page.getByLabel("Height (cm)").fill("168");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/profile\/view$/);
  await expect(userMenu(page, /Countess/)).toHaveAttribute("data-avatar", "fa-heart");
  const details = page.getByLabel("Your Details");
  await expect(details).toContainText("168 cm");
  await expect(details).toContainText("Duration");

  await page.reload();
  await expect(userMenu(page, /Countess/)).toHaveAttribute("data-avatar", "fa-heart");
});

test("a size log for Waist: empty, two measurements with their difference, one deleted", async ({ page, mailboxDir }) => {
  const person = newPerson("Mary");
  await signUpVerified(page, mailboxDir, person);
  const [yesterday, today] = [utcDate(-1), utcDate(0)];

  await userMenu(page, /Mary/).click();
  await page.getByRole("menuitem", { name: "Size" }).click();
  await expect(page).toHaveURL(/\/size\/list\/Arms$/);
  await page.getByRole("navigation", { name: "Size categories" }).getByRole("link", { name: "Waist" }).click();
  await expect(page).toHaveURL(/\/size\/list\/Waist$/);
  await expect(page.getByText("Waist size logged will be listed here.")).toBeVisible();

  for (const [date, measurement] of [
    [yesterday, "81.5"],
    [today, "80.7"],
  ] as const) {
    await page.getByRole("link", { name: "Add" }).click();
    await expect(page).toHaveURL(/\/size\/add\/Waist$/);
    await page.getByLabel("Date").fill(date);
    await page.getByLabel("Measurement (cm)").fill(measurement);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/size\/list\/Waist$/);
  }

  const table = page.getByRole("table", { name: "Waist Size Log" });
  await expect(table.getByRole("row")).toHaveCount(3);
  const rows = async () =>
    Promise.all(
      (await table.getByRole("row").all())
        .slice(1)
        .map(async (row) => (await row.getByRole("cell").allInnerTexts()).slice(0, 3).map((text) => text.trim())),
    );
  expect(await rows()).toEqual([
    [ukDate(today), "80.7", "-0.8"],
    [ukDate(yesterday), "81.5", "–"],
  ]);

  await test.step("another category has its own log", async () => {
    await page.getByRole("navigation", { name: "Size categories" }).getByRole("link", { name: "Neck" }).click();
    await expect(page.getByText("Neck size logged will be listed here.")).toBeVisible();
    await page.getByRole("navigation", { name: "Size categories" }).getByRole("link", { name: "Waist" }).click();
    await expect(table.getByRole("row")).toHaveCount(3);
  });

  await page.getByRole("link", { name: `Delete 81.5 cm on ${ukDate(yesterday)}` }).click();
  await expect(page).toHaveURL(/\/size\/delete\/.+/);
  // The list stays on screen until the delete page has loaded: wait for the page itself.
  await expect(page.getByRole("button", { name: "Confirm Delete" })).toBeVisible();
  await expect(page.getByText("Waist")).toBeVisible();
  await expect(page.getByText("81.5 cm")).toBeVisible();
  await expect(page.getByText(ukDate(yesterday))).toBeVisible();
  await page.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page).toHaveURL(/\/size\/list\/Waist$/);
  await expect.poll(rows).toEqual([[ukDate(today), "80.7", "–"]]);
});
