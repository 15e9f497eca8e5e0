/** The subset of PayPal's JavaScript SDK the subscribe button uses. */
export interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => PayPalButtons;
}

/** PayPalButtons is a rendered (or renderable) set of PayPal buttons. */
export interface PayPalButtons {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
}

/** PayPalApproval is what PayPal hands onApprove once the buyer approved the subscription. */
export interface PayPalApproval {
  orderID?: string | null;
  subscriptionID?: string | null;
}

/** PayPalButtonsOptions configures a subscribe button. */
export interface PayPalButtonsOptions {
  style: { shape: "rect"; color: "gold"; layout: "vertical"; label: "subscribe" };
  createSubscription: (
    data: unknown,
    actions: { subscription: { create: (details: { plan_id: string }) => Promise<string> } },
  ) => Promise<string>;
  onApprove: (data: PayPalApproval) => Promise<void>;
  onError?: (error: unknown) => void;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

const loading = new Map<string, Promise<PayPalNamespace>>();

/** loadPayPalSdk adds the SDK's script once per address and resolves with its namespace. */
export function loadPayPalSdk(sdkUrl: string): Promise<PayPalNamespace> {
  let promise = loading.get(sdkUrl);
  if (!promise) {
    promise = new Promise<PayPalNamespace>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = sdkUrl;
      script.async = true;
      script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error("PayPal SDK loaded without paypal")));
      script.onerror = () => reject(new Error(`PayPal SDK failed to load from ${sdkUrl}`));
      document.head.appendChild(script);
    });
    // A failed load may be retried on the next visit to the page.
    promise.catch(() => loading.delete(sdkUrl));
    loading.set(sdkUrl, promise);
  }
  return promise;
}
