import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The service worker (vite.config.ts) makes the app installable and lets it open offline. It is
// registered once the page has loaded, so it does not compete with the first screen.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.error("The service worker was not registered", error));
  });
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
