import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { PlanSharePage } from "./plan-share-page";

const plan = { id: "p1", name: "Push A", notes: "", userId: testUser.id, createdBy: testUser.id, createdFor: [], exercises: [] };

describe("PlanSharePage", () => {
  it("reads a missing clients call as no clients: an empty dropdown and a message", async () => {
    mockApi({ "GET /api/users/user/me": { body: testUser }, "GET /api/plans/p1": { body: plan } });
    renderPage(<PlanSharePage />, { path: "/plan/share/:id", url: "/plan/share/p1" });

    expect(await screen.findByText("All your clients have this plan, or you have no confirmed clients yet.")).toBeInTheDocument();
    expect(screen.getAllByRole("option")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Share" })).toBeDisabled();
  });

  it("shares with the chosen client and goes to the plan list", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/p1": { body: plan },
      "GET /api/plans/p1/clients-without": { body: { "hydra:member": [{ id: "r1", clientId: "c1", clientDisplayName: "Bo" }] } },
      "POST /api/plans/p1/share": { body: {} },
    });
    const user = userEvent.setup();
    renderPage(<PlanSharePage />, { path: "/plan/share/:id", url: "/plan/share/p1" });

    await user.selectOptions(await screen.findByLabelText("Client"), "Bo");
    await user.click(screen.getByRole("button", { name: "Share" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/plan$/));
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ clientId: "c1" });
  });
});
