import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import type { ProxyOptions } from "vite";

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

export default defineConfig({
  plugins: [react()],
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
