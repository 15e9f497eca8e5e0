import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { PublishPlanForm } from "./publish-plan-form";
import type { ListedPlan } from "./types";

const draft: ListedPlan = { id: "p1", name: "Strong", published: false, price: null, tagline: null, level: null };
const listed: ListedPlan = { id: "p1", name: "Strong", published: true, price: 9.99, tagline: "Get strong", level: "Advanced" };

describe("PublishPlanForm", () => {
  it("publishes a plan with its price, tagline and level", async () => {
    const requests = mockApi({ "PUT /api/plans/p1/publish": { body: listed } });
    const onSaved = vi.fn();
    renderPage(<PublishPlanForm plan={draft} onSaved={onSaved} />, { path: "/plan/edit/p1" });
    const user = userEvent.setup();

    expect(screen.getByText("From £0.99 to £199.99")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Price (£)"), "9.99");
    await user.type(screen.getByLabelText("Tagline"), "Get strong");
    await user.selectOptions(screen.getByLabelText("Level"), "Advanced");
    await user.click(screen.getByRole("button", { name: "Publish" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(listed));
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({
      price: 9.99,
      tagline: "Get strong",
      level: "Advanced",
    });
  });

  it("sends the price as typed: 9.999 is refused under Price, never listed at £10.00", async () => {
    const requests = mockApi({
      "PUT /api/plans/p1/publish": violations(["price", "Please enter a price in pounds and pence, e.g. 9.99."]),
    });
    const onSaved = vi.fn();
    renderPage(<PublishPlanForm plan={draft} onSaved={onSaved} />, { path: "/plan/edit/p1" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Price (£)"), "9.999");
    await user.type(screen.getByLabelText("Tagline"), "Get strong");
    await user.click(screen.getByRole("button", { name: "Publish" }));

    expect(await screen.findByText("Please enter a price in pounds and pence, e.g. 9.99.")).toBeInTheDocument();
    expect(requests.find((request) => request.method === "PUT")?.body).toMatchObject({ price: 9.999 });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("puts the server's messages under their fields", async () => {
    const requests = mockApi({
      "PUT /api/plans/p1/publish": violations(
        ["price", "Please enter a price from £0.99 to £199.99."],
        ["tagline", "Please enter a tagline."],
      ),
    });
    renderPage(<PublishPlanForm plan={draft} />, { path: "/plan/edit/p1" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Price (£)"), "500");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(requests).toHaveLength(1));

    expect(await screen.findByText("Please enter a price from £0.99 to £199.99.")).toBeInTheDocument();
    expect(screen.getByText("Please enter a tagline.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByRole("button", { name: "Publish" })).toBeEnabled();
  });

  it("shows a published plan's listing and takes it out of the catalogue", async () => {
    const requests = mockApi({ "DELETE /api/plans/p1/publish": { body: { ...draft } } });
    const onSaved = vi.fn();
    renderPage(<PublishPlanForm plan={listed} onSaved={onSaved} />, { path: "/plan/edit/p1" });

    expect(screen.getByLabelText("Price (£)")).toHaveValue(9.99);
    expect(screen.getByLabelText("Tagline")).toHaveValue("Get strong");
    expect(screen.getByLabelText("Level")).toHaveValue("Advanced");
    expect(screen.getByRole("button", { name: "Save listing" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Unpublish" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(draft));
    expect(requests.some((request) => request.method === "DELETE")).toBe(true);
  });
});
