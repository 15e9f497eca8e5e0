import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountKeys } from "@/features/account";
import { mockApi, violations } from "@/test/api-mock";
import { createTestQueryClient, renderPage, testUser } from "@/test/render";
import { sdkReloadKey, type CheckoutButtonsOptions, type OrderRequest } from "./checkout-sdk";
import { PlanCatalogue } from "./plan-catalogue";
import type { CatalogueEntry } from "./types";

function entry(n: number, extra: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return {
    "@id": `/api/plans/p${n}`,
    id: `p${n}`,
    planId: `p${n}`,
    name: `Plan ${n}`,
    tagline: `Tagline ${n}`,
    level: "Beginner",
    price: 9.99,
    createdByDisplayName: "Coach",
    exercises: ["Front Squat"],
    owned: false,
    preview: true,
    ...extra,
  };
}

function page(members: CatalogueEntry[], total = members.length) {
  return { body: { "hydra:member": members, "hydra:totalItems": total } };
}

let testNumber = 0;
let sdkUrl = "";

beforeEach(() => {
  testNumber += 1;
  sdkUrl = `http://paypal.test/sdk/js?client-id=abc&currency=GBP&intent=capture&t=${testNumber}`;
  sessionStorage.clear();
});

afterEach(() => {
  delete (window as { paypal?: unknown }).paypal;
  document.head.querySelectorAll("script").forEach((script) => script.remove());
});

function checkout() {
  return { body: { configured: true, clientId: "abc", sdkUrl, currency: "GBP" } };
}

interface Seen {
  orders: OrderRequest[];
  options: CheckoutButtonsOptions[];
}

// loadFakePayPal stands in for the SDK script: each button creates an order, which the buyer
// approves, and captures it (or fails the capture).
function loadFakePayPal(seen: Seen, capture: () => Promise<unknown> = () => Promise.resolve({ status: "COMPLETED" })) {
  (window as { paypal?: unknown }).paypal = {
    Buttons: (options: CheckoutButtonsOptions) => {
      seen.options.push(options);
      return {
        render: (container: HTMLElement) => {
          const button = document.createElement("button");
          button.textContent = "PayPal";
          button.onclick = () => {
            options
              .createOrder({}, { order: { create: (order) => (seen.orders.push(order), Promise.resolve("ORDER-1")) } })
              .then((orderID) => options.onApprove({ orderID }, { order: { capture } }))
              .catch((error: unknown) => options.onError?.(error));
          };
          container.appendChild(button);
          return Promise.resolve();
        },
      };
    },
  };
}

async function sdkScript(): Promise<HTMLScriptElement> {
  await waitFor(() => expect(document.head.innerHTML).toContain("paypal.test"));
  const script = document.head.querySelector<HTMLScriptElement>('script[src^="http://paypal.test/"]');
  if (!script) throw new Error("no SDK script");
  expect(script.src).toBe(sdkUrl);
  return script;
}

function renderCatalogue(reload = vi.fn()) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(accountKeys.me(), { ...testUser, loggedInName: "Ada" });
  renderPage(<PlanCatalogue reload={reload} />, { path: "/plan", queryClient });
  return reload;
}

describe("PlanCatalogue", () => {
  it("on a phone, gives each plan a card with all it says and PayPal's button across it", async () => {
    // A narrow viewport: no media query for the md breakpoint matches.
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    try {
      const requests = mockApi({
        "GET /api/plans/catalogue?page=1": page([entry(1, { price: 19.5 }), entry(2, { owned: true, preview: false })]),
        "GET /api/plans/checkout-config": checkout(),
        "POST /api/plans/buy": { body: { id: "p1", preview: false } },
      });
      const reload = renderCatalogue();

      const list = await screen.findByRole("list", { name: "Ready-made plans" });
      expect(screen.queryByRole("table")).not.toBeInTheDocument();
      const first = within(list).getByRole("listitem", { name: "Plan 1" });
      for (const text of ["Tagline 1", "£19.50", "By Coach", "Beginner"]) expect(within(first).getByText(text)).toBeInTheDocument();
      expect(within(first).getByRole("link", { name: "Preview" })).toHaveAttribute("href", "/plan/p1/view");
      const owned = within(list).getByRole("listitem", { name: "Plan 2" });
      expect(within(owned).getByText("Yours")).toBeInTheDocument();
      expect(within(owned).getByRole("link", { name: "View" })).toHaveAttribute("href", "/plan/p2/view");

      const seen: Seen = { orders: [], options: [] };
      loadFakePayPal(seen);
      (await sdkScript()).dispatchEvent(new Event("load"));
      await userEvent.setup().click(await within(first).findByRole("button", { name: "PayPal" }));
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(requests.find((request) => request.method === "POST")?.body).toEqual({ planId: "p1", orderId: "ORDER-1" });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("lists the ready-made plans and buys one with PayPal for its name and price in GBP, then reloads", async () => {
    const requests = mockApi({
      "GET /api/plans/catalogue?page=1": page([entry(1, { price: 19.5 }), entry(2, { owned: true, preview: false })]),
      "GET /api/plans/checkout-config": checkout(),
      "POST /api/plans/buy": { body: { id: "p1", preview: false } },
    });
    const reload = renderCatalogue();

    expect(await screen.findByRole("heading", { name: "Explore our ready-made plans..." })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Ready-made plans" });
    for (const header of ["Plan", "By", "Level", "Cost (£)", "Preview", "Buy"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText("Tagline 1")).toBeInTheDocument();
    expect(within(table).getByText("19.50")).toBeInTheDocument();
    expect(within(table).getAllByText("Coach")).toHaveLength(2);
    expect(within(table).getByRole("link", { name: "Preview" })).toHaveAttribute("href", "/plan/p1/view");
    expect(within(table).getByRole("link", { name: "View" })).toHaveAttribute("href", "/plan/p2/view");

    const seen: Seen = { orders: [], options: [] };
    loadFakePayPal(seen);
    (await sdkScript()).dispatchEvent(new Event("load"));
    await userEvent.setup().click(await screen.findByRole("button", { name: "PayPal" }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(seen.orders).toEqual([
      { intent: "CAPTURE", purchase_units: [{ description: "Plan 1", amount: { currency_code: "GBP", value: "19.50" } }] },
    ]);
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({ planId: "p1", orderId: "ORDER-1" });
  });

  it("shows a failed purchase's error and lets the buyer try again", async () => {
    mockApi({
      "GET /api/plans/catalogue?page=1": page([entry(1)]),
      "GET /api/plans/checkout-config": checkout(),
      "POST /api/plans/buy": violations(["orderId", "The payment does not match the plan's price."]),
    });
    const reload = renderCatalogue();
    const seen: Seen = { orders: [], options: [] };
    loadFakePayPal(seen);
    (await sdkScript()).dispatchEvent(new Event("load"));
    await userEvent.setup().click(await screen.findByRole("button", { name: "PayPal" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(await screen.findByRole("button", { name: "PayPal" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Buying Plan 1")).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it("says so when PayPal refuses the capture", async () => {
    const requests = mockApi({
      "GET /api/plans/catalogue?page=1": page([entry(1)]),
      "GET /api/plans/checkout-config": checkout(),
    });
    const reload = renderCatalogue();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    loadFakePayPal({ orders: [], options: [] }, () => Promise.reject(new Error("INSTRUMENT_DECLINED")));
    (await sdkScript()).dispatchEvent(new Event("load"));
    await userEvent.setup().click(await screen.findByRole("button", { name: "PayPal" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("The payment did not go through. Please try again.");
    expect(requests.some((request) => request.method === "POST")).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it("logs an SDK that fails to load and reloads the page once", async () => {
    mockApi({
      "GET /api/plans/catalogue?page=1": page([entry(1)]),
      "GET /api/plans/checkout-config": checkout(),
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const reload = renderCatalogue();
    (await sdkScript()).dispatchEvent(new Event("error"));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith("PayPal SDK unavailable", expect.any(Error));
    expect(sessionStorage.getItem(sdkReloadKey)).toBe("1");
    error.mockRestore();
  });

  it("does not reload again after the reload the SDK's failure caused", async () => {
    sessionStorage.setItem(sdkReloadKey, "1");
    mockApi({
      "GET /api/plans/catalogue?page=1": page([entry(1)]),
      "GET /api/plans/checkout-config": checkout(),
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const reload = renderCatalogue();
    (await sdkScript()).dispatchEvent(new Event("error"));
    await waitFor(() => expect(error).toHaveBeenCalledWith("PayPal SDK unavailable", expect.any(Error)));
    expect(reload).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it("pages by 9", async () => {
    const requests = mockApi({
      "GET /api/plans/catalogue?page=1": page(Array.from({ length: 9 }, (_, i) => entry(i + 1)), 10),
      "GET /api/plans/catalogue?page=2": page([entry(10)], 10),
      "GET /api/plans/checkout-config": { body: { configured: false, clientId: null, sdkUrl: null, currency: "GBP" } },
    });
    renderCatalogue();
    expect(await screen.findByText("Plan 9")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("Plan 10")).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain("/api/plans/catalogue?page=2");
    expect(screen.getByText("Payments are not available.")).toBeInTheDocument();
  });

  it("says there are no plans to show", async () => {
    mockApi({
      "GET /api/plans/catalogue?page=1": page([]),
      "GET /api/plans/checkout-config": checkout(),
    });
    renderCatalogue();
    expect(await screen.findByText("Sorry Ada, no plans to show at the moment.")).toBeInTheDocument();
  });
});
