/** The subset of PayPal's JS SDK the one-off Buy button uses (Orders v2, intent capture). */
export interface CheckoutNamespace {
  Buttons: (options: CheckoutButtonsOptions) => CheckoutButtons;
}

/** CheckoutButtons is a rendered (or renderable) set of PayPal buttons. */
export interface CheckoutButtons {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
}

/** OrderRequest is the order the button creates: one purchase unit, the plan's name and price. */
export interface OrderRequest {
  intent: "CAPTURE";
  purchase_units: { description: string; amount: { currency_code: string; value: string } }[];
}

/** CheckoutButtonsOptions configures a one-off Buy button. */
export interface CheckoutButtonsOptions {
  style: { shape: "rect"; color: "gold"; layout: "horizontal"; label: "buynow"; tagline: false; height: number };
  createOrder: (data: unknown, actions: { order: { create: (order: OrderRequest) => Promise<string> } }) => Promise<string>;
  onApprove: (data: { orderID: string }, actions: { order: { capture: () => Promise<unknown> } }) => Promise<void>;
  onError?: (error: unknown) => void;
}

const loading = new Map<string, Promise<CheckoutNamespace>>();

/** sdkNamespace is the SDK's global once its script ran (typed here for the one-off buttons). */
function sdkNamespace(): CheckoutNamespace | undefined {
  return (window as unknown as { paypal?: CheckoutNamespace }).paypal;
}

/** loadCheckoutSdk adds the SDK's script once per address and resolves with its namespace. */
export function loadCheckoutSdk(sdkUrl: string): Promise<CheckoutNamespace> {
  let promise = loading.get(sdkUrl);
  if (!promise) {
    promise = new Promise<CheckoutNamespace>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = sdkUrl;
      script.async = true;
      script.onload = () => {
        const paypal = sdkNamespace();
        if (paypal) resolve(paypal);
        else reject(new Error("PayPal SDK loaded without paypal"));
      };
      script.onerror = () => reject(new Error(`PayPal SDK failed to load from ${sdkUrl}`));
      document.head.appendChild(script);
    });
    // A failed load may be tried again on the next visit to the page.
    promise.catch(() => loading.delete(sdkUrl));
    loading.set(sdkUrl, promise);
  }
  return promise;
}

/** The session key that remembers the page was reloaded once after the SDK failed to load. */
export const sdkReloadKey = "gymlog.catalogue.sdkReloaded";

/**
 * reloadOnceAfterSdkFailure reloads the page the first time the SDK fails to load in this
 * browser session (spec 2 section 8: logged, and the plan page reloads once), and not again.
 */
export function reloadOnceAfterSdkFailure(error: unknown, reload: () => void) {
  console.error("PayPal SDK unavailable", error);
  if (sessionStorage.getItem(sdkReloadKey) !== null) return;
  sessionStorage.setItem(sdkReloadKey, "1");
  reload();
}
