import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll } from "../flows";

test("the public pages: home's four sign-up buttons, terms, privacy, contact and the footer", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
  for (const name of ["Sign Up", "Get Started", "Start now!", "Try it"]) {
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toHaveAttribute("href", "/signup");
  }
  await expect(page.getByRole("main")).toContainText("free for personal use");
  await expect(page.getByRole("main")).toContainText("no app to install");
  await expect(page.getByRole("main")).toContainText("Log sets while you rest");

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await expect(page.getByText("Effective 4th January 2024")).toBeVisible();
  await expect(page.getByText(/governed by UK law/)).toBeVisible();

  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();

  await footer.getByRole("link", { name: "Contact" }).click();
  await expect(page.getByText(/reply within 48 hours/)).toBeVisible();
  await expect(page.getByText("Monday to Friday 9:00 to 17:00 GMT.")).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ["/home", "/terms", "/privacy", "/contact", "/tools/calorie-calculator", "/forgot-password"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});
