// The service worker (vite.config.ts) makes the app installable and lets it open offline. This
// module is part of the first load, so it sees the worker take control of the page even when
// that happens before the code that cares (the offline status, loaded after the first screen)
// has arrived.

const container = typeof navigator !== "undefined" && "serviceWorker" in navigator ? navigator.serviceWorker : null;

// Whether the worker took control of this page after it loaded (the first visit: the page
// loaded without it, so what it fetched went around the worker's caches).
let tookControl = false;
container?.addEventListener("controllerchange", () => {
  tookControl = true;
});

/**
 * registerServiceWorker registers the worker once the page has loaded, so that it does not
 * compete with the first screen.
 */
export function registerServiceWorker(): void {
  if (!container) return;
  window.addEventListener("load", () => {
    container.register("/sw.js").catch((error: unknown) => console.error("The service worker was not registered", error));
  });
}

/**
 * whenWorkerTakesControl calls listener when the service worker takes control of this page, at
 * once if it already has since the page loaded; it returns the function that stops listening.
 */
export function whenWorkerTakesControl(listener: () => void): () => void {
  if (!container) return () => {};
  if (tookControl) listener();
  container.addEventListener("controllerchange", listener);
  return () => container.removeEventListener("controllerchange", listener);
}
