// Draws the web app manifest's PNG icons (public/icons/) from public/favicon.svg in Chromium:
// the plain icon at 192 and 512 px, and a maskable 512 px one and Apple's 180 px touch icon,
// where the mark sits within the middle 80% on the icon's own colour (the safe zone a launcher
// may crop to a circle). Run again after changing the favicon: node scripts/make-icons.mjs
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync(new URL("../public/favicon.svg", import.meta.url), "utf8");
const colour = /fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? "#2c7a7b";
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
const icons = [
  { name: "icon-192.png", size: 192, padded: false },
  { name: "icon-512.png", size: 512, padded: false },
  { name: "maskable-512.png", size: 512, padded: true },
  { name: "apple-touch-icon.png", size: 180, padded: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const { name, size, padded } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inset = padded ? size * 0.1 : 0;
    await page.setContent(
      `<body style="margin:0;background:${padded ? colour : "transparent"}">` +
        `<img src="${dataUrl}" style="position:absolute;left:${inset}px;top:${inset}px;width:${size - 2 * inset}px;height:${size - 2 * inset}px">`,
    );
    await page.screenshot({ path: new URL(`../public/icons/${name}`, import.meta.url).pathname, omitBackground: !padded });
    await page.close();
  }
} finally {
  await browser.close();
}
