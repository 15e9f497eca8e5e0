import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, newPerson, signUpVerified } from "../flows";

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test("at 375 px the account pages fit the screen", async ({ page, mailboxDir }) => {
  const person = newPerson("Katherine");
  await signUpVerified(page, mailboxDir, person);

  await page.goto("/size/add/Waist");
  await page.getByLabel("Measurement (cm)").fill("79.5");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("table", { name: "Waist Size Log" })).toBeVisible();
  await expectNoHorizontalScroll(page);

  for (const path of [
    "/profile/view",
    "/profile/user/edit",
    "/profile/user/upgrade",
    "/profile/user/close-account",
    "/change-password",
    "/change-email",
    "/size/add/Waist",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }

  await page.goto("/tools/calorie-calculator");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page.getByTestId("target-calories")).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Main" });
  await menu.getByRole("link", { name: "Size" }).click();
  await expect(page).toHaveURL(/\/size\/list\/Arms$/);
  await expect(page.getByText("Arms size logged will be listed here.")).toBeVisible();
});
