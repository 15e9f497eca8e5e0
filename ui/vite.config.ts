import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import type { Plugin, ProxyOptions } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// The Go server refuses mutations whose Origin is not its own host (CSRF), so the dev proxy
// presents the target as the origin.
const backend = process.env.GYMLOG_DEV_BACKEND ?? "http://localhost:8080";
const toBackend: ProxyOptions = {
  target: backend,
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on("proxyReq", (request) => {
      if (request.getHeader("origin")) request.setHeader("origin", backend);
    });
  },
};

// react-icons ships each icon set as one module, and Rollup puts a module in one chunk: every
// icon any page takes from react-icons/fa6 would sit in the first load beside the header's. At
// build time this serves fa6 as a list of re-exports, one module per icon, so each icon goes
// with the chunk that draws it.
function reactIconsOnePerModule(): Plugin {
  const prefix = "\0react-icons-fa6:";
  const icons = new Map<string, string>();
  return {
    name: "react-icons-one-per-module",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      return source.startsWith(prefix) ? { id: source, moduleSideEffects: false } : null;
    },
    load(id) {
      if (id.startsWith(prefix)) return icons.get(id.slice(prefix.length));
      if (!/[\\/]react-icons[\\/]fa6[\\/]index\.mjs$/.test(id)) return null;
      const lib = JSON.stringify(join(dirname(id), "../lib/index.mjs"));
      for (const body of readFileSync(id, "utf8").split(/^export function /m).slice(1)) {
        const name = body.slice(0, body.indexOf(" "));
        icons.set(name, `import { GenIcon } from ${lib};\nexport function ${body}`);
      }
      return [...icons.keys()].map((name) => `export { ${name} } from "${prefix}${name}";`).join("\n");
    },
  };
}

// The installable app (issue #16): the web app manifest, and a service worker made by Workbox
// that precaches the app shell (every built script, style, page and icon) so the app opens
// offline, and keeps the last answer of the calls a workout in progress needs (the signed-in
// user, the workout, its sets), fetched from the network first. src/main.tsx registers it.
const pwa = VitePWA({
  injectRegister: false,
  registerType: "autoUpdate",
  filename: "sw.js",
  manifestFilename: "manifest.webmanifest",
  includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
  manifest: {
    id: "/",
    name: "Gymlog",
    short_name: "Gymlog",
    description: "Log your gym workouts between sets.",
    lang: "en-GB",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#2c7a7b",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    // Every client-side route opens the app; the server's own paths do not.
    navigateFallback: "index.html",
    navigateFallbackDenylist: [/^\/api\//, /^\/logout/, /^\/healthz/, /^\/readyz/],
    runtimeCaching: [
      {
        // The cache's name is also in features/workouts/components/in-progress-banner.tsx,
        // which empties it on signing out.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/api\/(?:users\/user\/me|sessions\/[^/]+|exercise_logs\/list\/[^/]+)$/.test(url.pathname),
        // No time limit on the network: online, the screens wait for the server's answer rather
        // than show an older copy; offline the request fails at once and the copy answers.
        handler: "NetworkFirst",
        options: {
          cacheName: "gymlog-api",
          expiration: { maxEntries: 50 },
          plugins: [
            {
              // The copy answers only when the network failed, and says so: what must be the
              // server's own answer (the lists refreshed after a replay, offline/sync.ts) refuses it.
              cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                if (!cachedResponse) return cachedResponse;
                const headers = new Headers(cachedResponse.headers);
                headers.set("X-Gymlog-Copy", "1");
                return new Response(cachedResponse.body, { status: cachedResponse.status, headers });
              },
            },
          ],
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [reactIconsOnePerModule(), react(), pwa],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "/api": toBackend,
      "/logout": toBackend,
      "/healthz": toBackend,
      "/readyz": toBackend,
    },
  },
  build: {
    outDir: "dist",
    // dist/.gitkeep is committed (the Go binary embeds dist/); scripts/clean-dist.mjs empties
    // the rest before each build.
    emptyOutDir: false,
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    // A ceiling, not a timing check: on a busy two-core machine jsdom form tests can take
    // several seconds, and a slow machine must not fail a correct test.
    testTimeout: 30_000,
  },
});
