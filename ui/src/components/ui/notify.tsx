import { lazy, Suspense, useSyncExternalStore } from "react";

// The toaster's code loads with the first toast, not with the first screen.
const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

/**
 * notify confirms a save or a delete with a toast ("Plan saved."). The toaster's code loads
 * with the first one; ToastHost shows them.
 */
export function notify(description: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import("./toaster").then(({ toaster }) => toaster.create({ description, type: "success", duration: 4000 }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** ToastHost mounts the toaster once the first toast is asked for (notify). */
export function ToastHost() {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
