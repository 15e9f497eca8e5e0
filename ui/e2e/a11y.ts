import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { expectLoaded } from "./flows";

// The impacts that fail a screen; axe's "minor" and "moderate" findings fail no test.
const failingImpacts = new Set(["serious", "critical"]);

/**
 * expectNoSeriousA11yViolations runs axe-core over the page as it stands (every rule but the
 * experimental ones, or only `rules` when given) and fails with each serious or critical
 * violation: its rule, what it asks and the elements that break it. The failure is soft: the
 * test goes on to its next screen and reports them all at its end.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  screen = new URL(page.url()).pathname,
  rules?: string[],
): Promise<void> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to
  // gather frames, and the app draws no frames of its own.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (rules) builder = builder.withRules(rules);
  const results = await builder.analyze();
  const violations = results.violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ""))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.html.slice(0, 160)}\n    ${node.failureSummary ?? ""}`);
      return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join("\n")}`;
    });
  expect.soft(violations, `serious or critical accessibility violations on ${screen}`).toEqual([]);
}

/**
 * expectScreenAccessible waits until the screen has loaded (no spinner or skeleton left, no
 * request in flight) and checks it with axe in the colour mode it is in, then the colours alone in the
 * other mode (the other rules do not depend on it), switching back with the header's button.
 */
export async function expectScreenAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expectLoaded(page);
  // Each check is of the screen at rest: the pointer leaves whatever a step clicked last.
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, screen);
  const toggle = page.getByRole("banner").getByRole("button", { name: /^Switch to (dark|light) mode$/ });
  const before = (await toggle.getAttribute("aria-label")) ?? "";
  await toggle.click();
  await expect(toggle).not.toHaveAttribute("aria-label", before);
  await page.mouse.move(0, 0);
  const other = before === "Switch to dark mode" ? "dark" : "light";
  await expectNoSeriousA11yViolations(page, `${screen} (${other} mode)`, ["color-contrast"]);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-label", before);
}
