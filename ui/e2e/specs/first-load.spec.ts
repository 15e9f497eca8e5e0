import { firstLoadBudgetKb, firstLoadScripts, gzipKb } from "../../scripts/first-load.mjs";
import { expect, test } from "../fixtures";

// Issue #16: the first visit on a phone downloads at most 180 kB of gzipped JavaScript. Measured
// on what the server under test sends (the build embedded in the binary), as
// scripts/bundle-size.mjs measures a build; docs/BENCHMARKS.md says what was split off to get there.
test("the first load's JavaScript stays within its budget", async ({ request }) => {
  const page = await request.get("/home");
  expect(page.status()).toBe(200);
  const scripts = firstLoadScripts(await page.text());
  expect(scripts.length, "the page names its entry script").toBeGreaterThan(0);

  let total = 0;
  for (const script of scripts) {
    const answer = await request.get(`/${script}`, { headers: { "Accept-Encoding": "identity" } });
    expect(answer.status()).toBe(200);
    total += gzipKb(await answer.body());
  }
  expect(total, `first-load JavaScript in kB gzip (${scripts.join(", ")})`).toBeLessThanOrEqual(firstLoadBudgetKb);
});
