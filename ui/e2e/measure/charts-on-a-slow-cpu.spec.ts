import type { Page } from "@playwright/test";
import { demoLifter } from "../demo";
import { expect, test } from "../fixtures";
import { signIn } from "../flows";

// How long the demo lifter's /progress/charts (seventeen charts) takes to give the Weight chart's
// values (its table) and to draw the first chart and the Weight chart, with Chromium's CPU slowed
// 4 and 8 times (a mid-range and a slow phone), at desktop size and at 375 × 812. It prints the
// figures; it fails only when a chart never comes.

function card(page: Page, name: string) {
  return page.locator(".chakra-card__root").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

for (const phone of [false, true]) {
  for (const rate of [4, 8]) {
    test(`charts with the CPU ${rate}x slower, ${phone ? "375 × 812" : "desktop"}`, async ({ page }) => {
      test.setTimeout(240_000);
      if (phone) await page.setViewportSize({ width: 375, height: 812 });
      await signIn(page, demoLifter.email, demoLifter.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto("/progress");
      await expect(page.getByRole("region", { name: "Personal Bests" }).getByRole("article").first()).toBeVisible();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });

      await page.getByRole("link", { name: "Charts" }).click();
      const start = Date.now();
      await expect(page.getByRole("table", { name: /^Weight, average/ })).toBeAttached({ timeout: 60_000 });
      const table = Date.now() - start;
      await expect(card(page, "Daily Duration").locator(".VictoryContainer svg").first()).toBeVisible({ timeout: 60_000 });
      const first = Date.now() - start;
      await card(page, "Weight").scrollIntoViewIfNeeded();
      await expect(card(page, "Weight").locator(".VictoryContainer svg").first()).toBeVisible({ timeout: 60_000 });
      const weight = Date.now() - start;
      console.log(`${phone ? "375 px" : "desktop"} CPU ${rate}x: Weight's table ${table} ms, first chart drawn ${first} ms, Weight drawn ${weight} ms`);
    });
  }
}
