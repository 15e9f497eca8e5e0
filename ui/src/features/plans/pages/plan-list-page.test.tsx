import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { Plan } from "../api/types";
import { PlanListPage } from "./plan-list-page";

const plan = (id: string, name: string, fields: Partial<Plan> = {}): Plan => ({
  id, name, notes: "", userId: testUser.id, createdBy: testUser.id, createdByDisplayName: "Coach K", createdFor: [],
  price: null, tagline: null, level: null, exercises: [], muscleGroupIds: [], muscleGroups: [], sharedPlans: [], ...fields,
});

describe("PlanListPage", () => {
  it("says No plans created, and passes the userFilter on as user.displayName", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/list?page=1&user.displayName=Bo": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
    });
    renderPage(<PlanListPage />, { path: "/plan", url: "/plan?userFilter=Bo" });

    expect(await screen.findByText("No plans created")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create new plan" })).toHaveAttribute("href", "/plan/add");
    expect(screen.getByRole("link", { name: "Grid view" })).toHaveAttribute("href", "/plan/grid?userFilter=Bo");
    expect(requests.map((r) => r.url)).toContain("/api/plans/list?page=1&user.displayName=Bo");
  });

  it("gives a trainer the For column and Share; edit and delete only on their own plans", async () => {
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/plans/list?page=1": {
        body: {
          "hydra:member": [plan("p1", "Mine", { createdFor: ["Bo"] }), plan("p2", "Theirs", { userId: "other", createdBy: "other" })],
          "hydra:totalItems": 2,
        },
      },
    });
    renderPage(<PlanListPage />, { path: "/plan" });

    const table = await screen.findByRole("table", { name: "Plans" });
    // By and For are wide-screen columns (hidden on a phone, where they read under the name).
    const headers = () => within(table).getAllByRole("columnheader", { hidden: true }).map((h) => h.textContent);
    expect(headers()).toEqual(["Plan", "By", "For", "Options"]);
    for (const name of ["View Mine", "Share Mine", "Edit Mine", "Delete Mine", "View Theirs", "Share Theirs"]) {
      expect(within(table).getByRole("link", { name })).toBeInTheDocument();
    }
    expect(within(table).queryByRole("link", { name: "Edit Theirs" })).not.toBeInTheDocument();
    expect(within(table).queryByRole("link", { name: "Delete Theirs" })).not.toBeInTheDocument();
  });

  it("has no For column and no Share for a standard user", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/list?page=1": { body: { "hydra:member": [plan("p1", "Mine", { createdFor: ["Bo"] })], "hydra:totalItems": 1 } },
    });
    renderPage(<PlanListPage />, { path: "/plan" });

    const table = await screen.findByRole("table", { name: "Plans" });
    expect(within(table).getAllByRole("columnheader", { hidden: true }).map((h) => h.textContent)).toEqual(["Plan", "By", "Options"]);
    expect(within(table).queryByRole("link", { name: "Share Mine" })).not.toBeInTheDocument();
  });
});
