import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { accountKeys, type User } from "@/features/account";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { PayPalButtonsOptions } from "../components/paypal-sdk";
import { UpgradePage } from "./upgrade-page";

const sdkUrl = "http://paypal.test/sdk/js?client-id=abc";
const configured = {
  configured: true,
  clientId: "abc",
  planId: "P-TRAINER",
  sdkUrl,
  currency: "GBP",
  price: "10.00",
};

afterEach(() => {
  delete window.paypal;
  document.head.querySelectorAll("script").forEach((script) => script.remove());
});

// fakePayPal stands in for the SDK script: one button that creates a subscription and approves it.
function loadFakePayPal(seen: { options?: PayPalButtonsOptions; plan?: string }) {
  window.paypal = {
    Buttons: (options) => {
      seen.options = options;
      return {
        render: (container) => {
          const button = document.createElement("button");
          button.textContent = "PayPal Subscribe";
          button.onclick = async () => {
            const id = await options.createSubscription(
              {},
              {
                subscription: {
                  create: ({ plan_id }) => {
                    seen.plan = plan_id;
                    return Promise.resolve("I-SUB1");
                  },
                },
              },
            );
            await options.onApprove({ orderID: "O-1", subscriptionID: id });
          };
          container.appendChild(button);
          return Promise.resolve();
        },
      };
    },
  };
  const script = document.head.querySelector<HTMLScriptElement>(`script[src="${sdkUrl}"]`);
  script?.dispatchEvent(new Event("load"));
}

describe("UpgradePage", () => {
  it("offers a Standard user the benefits and PayPal's subscribe button, and makes them a trainer at once", async () => {
    const requests = mockApi({
      "GET /api/payments/config": { body: configured },
      "POST /api/users/subscribe": { body: { ...testUser, trainer: true } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage(<UpgradePage />, { path: "/profile/user/upgrade" });
    queryClient.setQueryData(accountKeys.me(), testUser);

    expect(await screen.findByText("Standard")).toBeInTheDocument();
    expect(screen.getByText(/Link clients: your clients sign up free/)).toBeInTheDocument();
    expect(await screen.findByText("GBP 10.00 a month, paid through PayPal. Cancel at any time.")).toBeInTheDocument();
    await waitFor(() => expect(document.head.querySelector(`script[src="${sdkUrl}"]`)).not.toBeNull());

    const seen: { options?: PayPalButtonsOptions; plan?: string } = {};
    loadFakePayPal(seen);
    await user.click(await screen.findByRole("button", { name: "PayPal Subscribe" }));

    expect(seen.options?.style).toEqual({ shape: "rect", color: "gold", layout: "vertical", label: "subscribe" });
    expect(seen.plan).toBe("P-TRAINER");
    await waitFor(() => expect(queryClient.getQueryData<User>(accountKeys.me())?.trainer).toBe(true));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      paymentSource: "paypal",
      orderId: "O-1",
      subscriptionId: "I-SUB1",
    });
    expect(await screen.findByText("Cancel your subscription")).toBeInTheDocument();
  });

  it("says payments are not configured without configuration", async () => {
    mockApi({
      "GET /api/payments/config": {
        body: { configured: false, clientId: null, planId: null, sdkUrl: null, currency: "GBP", price: "10.00" },
      },
    });
    const { queryClient } = renderPage(<UpgradePage />, { path: "/profile/user/upgrade" });
    queryClient.setQueryData(accountKeys.me(), testUser);

    expect(await screen.findByText(/Payments are not configured/)).toBeInTheDocument();
  });

  it("tells a trainer how to cancel in PayPal and offers no button", async () => {
    const requests = mockApi({});
    const { queryClient } = renderPage(<UpgradePage />, { path: "/profile/user/upgrade" });
    queryClient.setQueryData(accountKeys.me(), { ...testUser, trainer: true });

    expect(await screen.findByText("Personal Trainer")).toBeInTheDocument();
    expect(screen.getByText("Log in to PayPal.")).toBeInTheDocument();
    expect(screen.getByText("Go to Settings > Payments.")).toBeInTheDocument();
    expect(screen.getByText("Open Automatic Payments.")).toBeInTheDocument();
    expect(screen.getByText("Choose the Gymlog entry and cancel it.")).toBeInTheDocument();
    expect(requests.map((request) => request.url)).not.toContain("/api/payments/config");
  });
});
