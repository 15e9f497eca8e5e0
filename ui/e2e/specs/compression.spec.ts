import { expect, test } from "../fixtures";

// The first visit on a phone's slow connection downloads the app's scripts compressed: the
// build writes brotli and gzip copies and the server picks one by Accept-Encoding.
test("the app's scripts and page go pre-compressed", async ({ request }) => {
  const page = await request.get("/", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(page.status()).toBe(200);
  expect(page.headers()["content-encoding"]).toBe("br");
  expect(page.headers()["vary"]).toContain("Accept-Encoding");
  const html = await page.text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(script, "the page names its entry script").toBeTruthy();

  for (const [accepted, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ] as const) {
    const answer = await request.get(script as string, { headers: { "Accept-Encoding": accepted } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-encoding"]).toBe(encoding);
    expect(answer.headers()["content-type"]).toContain("javascript");
  }
});
