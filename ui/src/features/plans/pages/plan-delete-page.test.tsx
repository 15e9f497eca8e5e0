import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { system } from "@/app/theme";
import { ToastHost } from "@/components/ui/notify";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { Plan } from "../api/types";
import { PlanDeletePage } from "./plan-delete-page";

const plan: Plan = {
  id: "p1", name: "Strong 5x5", notes: "", userId: testUser.id, createdBy: testUser.id, createdByDisplayName: null,
  createdFor: [], price: 9.99, tagline: "Get strong", level: "Beginner", exercises: ["Front Squat"], muscleGroupIds: [2],
  muscleGroups: ["Quadriceps"], sharedPlans: [], published: true,
};

describe("PlanDeletePage", () => {
  it("says buyers and clients keep their copy, deletes, and confirms it with a toast", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/p1": { body: plan },
      "DELETE /api/plans/p1": { status: 204 },
      "GET /api/plans/list?page=1": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
    });
    renderPage(<PlanDeletePage />, {
      path: "/plan/delete/:id", url: "/plan/delete/p1", routes: [{ path: "/plan", element: <p>the plans</p> }],
    });
    // As in the app's layout, the toasts outlive the page that asked for one.
    render(
      <ChakraProvider value={system}>
        <ToastHost />
      </ChakraProvider>,
    );

    expect(await screen.findByText("Each keeps their own copy of the plan as it stands")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm Delete" }));
    expect(await screen.findByText("Plan deleted.")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "DELETE" && r.url === "/api/plans/p1")).toBe(true);
  });
});
