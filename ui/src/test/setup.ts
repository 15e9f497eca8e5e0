import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy* and waitFor give up after this long: a ceiling to catch a hang, not a check of speed.
// Testing Library's default of 1 s failed correct tests (a Chakra page rendered in jsdom) on a
// machine busy with other suites; Playwright's expectations wait 10 s for the same reason.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Chakra's (Ark's) components and the router's scrolling call.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
