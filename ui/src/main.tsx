import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { registerServiceWorker } from "./lib/service-worker";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

if (import.meta.env.PROD) registerServiceWorker();

// The first render is a transition: React then yields to the browser every few milliseconds
// instead of building the whole first screen in one task, which a phone's slow CPU turns into
// hundreds of milliseconds without an answer to a tap (the total blocking time Lighthouse
// measures, issue #16).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
