import { Box } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { loadPayPalSdk, type PayPalApproval } from "./paypal-sdk";

interface SubscribeButtonProps {
  sdkUrl: string;
  planId: string;
  /** Called once the buyer approved the subscription in PayPal. */
  onApprove: (approval: PayPalApproval) => Promise<void>;
}

/**
 * SubscribeButton renders PayPal's subscribe button (gold, vertical, subscribe) for the fixed
 * trainer plan. A failure to load the SDK is only logged, as the spec says.
 */
export function SubscribeButton({ sdkUrl, planId, onApprove }: SubscribeButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const approve = useRef(onApprove);
  useEffect(() => {
    approve.current = onApprove;
  }, [onApprove]);

  useEffect(() => {
    let cancelled = false;
    let close: (() => Promise<void>) | undefined;
    loadPayPalSdk(sdkUrl)
      .then((paypal) => {
        if (cancelled || !container.current) return;
        const buttons = paypal.Buttons({
          style: { shape: "rect", color: "gold", layout: "vertical", label: "subscribe" },
          createSubscription: (_data, actions) => actions.subscription.create({ plan_id: planId }),
          onApprove: (data) => approve.current(data),
          onError: (error) => console.error("PayPal error", error),
        });
        close = () => buttons.close?.() ?? Promise.resolve();
        return buttons.render(container.current);
      })
      .catch((error: unknown) => console.error("PayPal subscribe button unavailable", error));
    return () => {
      cancelled = true;
      close?.().catch(() => undefined);
    };
  }, [sdkUrl, planId]);

  return <Box ref={container} data-testid="paypal-buttons" maxW="sm" minH="12" />;
}
