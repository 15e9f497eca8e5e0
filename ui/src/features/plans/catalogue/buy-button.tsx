import { Box } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { loadCheckoutSdk } from "./checkout-sdk";

interface BuyButtonProps {
  sdkUrl: string;
  currency: string;
  planName: string;
  /** Pounds, e.g. 9.99. */
  price: number;
  /** Called with the order id once PayPal captured the payment. */
  onCaptured: (orderId: string) => Promise<void>;
  /** Called when PayPal could not take the payment (declined, closed window). */
  onFailure: (error: unknown) => void;
  /** Called when the SDK could not be loaded. */
  onSdkFailure: (error: unknown) => void;
}

/**
 * BuyButton renders PayPal's one-off button for one plan: the order it creates is for the
 * plan's name and price in GBP; once the buyer approved it in PayPal's window it is captured,
 * and only then is the purchase posted (onCaptured).
 */
export function BuyButton({ sdkUrl, currency, planName, price, onCaptured, onFailure, onSdkFailure }: BuyButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onCaptured, onFailure, onSdkFailure });
  useEffect(() => {
    handlers.current = { onCaptured, onFailure, onSdkFailure };
  }, [onCaptured, onFailure, onSdkFailure]);

  useEffect(() => {
    let cancelled = false;
    let close: (() => Promise<void>) | undefined;
    loadCheckoutSdk(sdkUrl)
      .then((paypal) => {
        if (cancelled || !container.current) return;
        const buttons = paypal.Buttons({
          style: { shape: "rect", color: "gold", layout: "horizontal", label: "buynow", tagline: false, height: 40 },
          createOrder: (_data, actions) =>
            actions.order.create({
              intent: "CAPTURE",
              purchase_units: [{ description: planName, amount: { currency_code: currency, value: price.toFixed(2) } }],
            }),
          onApprove: async (data, actions) => {
            await actions.order.capture();
            await handlers.current.onCaptured(data.orderID);
          },
          onError: (error) => handlers.current.onFailure(error),
        });
        close = () => buttons.close?.() ?? Promise.resolve();
        return buttons.render(container.current);
      })
      .catch((error: unknown) => {
        if (!cancelled) handlers.current.onSdkFailure(error);
      });
    return () => {
      cancelled = true;
      close?.().catch(() => undefined);
    };
  }, [sdkUrl, currency, planName, price]);

  return <Box ref={container} data-testid={`buy-${planName}`} minW="32" minH="10" />;
}
