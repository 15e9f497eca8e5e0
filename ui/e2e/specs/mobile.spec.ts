import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, logWeight, newPerson, signUp, utcDate, verify } from "../flows";

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test("at 375 px every page fits the screen and the menu folds", async ({ page, mailboxDir }) => {
  const person = newPerson("Grace");

  for (const path of ["/home", "/signin", "/no-access", "/no-such-page"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }

  await signUp(page, person, () => expectNoHorizontalScroll(page));
  await expectNoHorizontalScroll(page);
  await verify(page, mailboxDir, person);
  await expectNoHorizontalScroll(page);

  await logWeight(page, utcDate(-1), "70.5");
  await logWeight(page, utcDate(0), "70.25");
  await expect(page.getByRole("table", { name: "Weight Log" })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await expect(page.getByRole("link", { name: "Dashboard" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expectNoHorizontalScroll(page);
});
