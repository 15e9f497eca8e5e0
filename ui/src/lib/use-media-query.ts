import { useSyncExternalStore } from "react";

/**
 * useMediaQuery tells whether the viewport matches a CSS media query, and follows it as the
 * window changes. Without matchMedia (tests' jsdom) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = typeof window.matchMedia === "function" ? window.matchMedia(query) : undefined;
      list?.addEventListener("change", notify);
      return () => list?.removeEventListener("change", notify);
    },
    () => (typeof window.matchMedia === "function" ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
