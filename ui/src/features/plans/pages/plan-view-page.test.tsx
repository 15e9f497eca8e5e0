import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { Plan } from "../api/types";
import { PlanViewPage } from "./plan-view-page";

const plan: Plan = {
  id: "p1", name: "Strong 5x5", notes: "Three days a week", userId: "someone-else", createdBy: "someone-else",
  createdByDisplayName: "Coach K", createdFor: [], price: 9.99, tagline: "Get strong", level: "Beginner",
  exercises: ["Front Squat"], muscleGroupIds: [2], muscleGroups: ["Quadriceps"], sharedPlans: [],
};

describe("PlanViewPage", () => {
  it("shows only the preview card to a reader who gets a priced plan's preview", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/p1": { body: { ...plan, preview: true } },
    });
    renderPage(<PlanViewPage />, { path: "/plan/:id/view", url: "/plan/p1/view" });

    expect(await screen.findByRole("heading", { name: "Strong 5x5" })).toBeInTheDocument();
    expect(screen.getByText("Preview")).toBeInTheDocument();
    expect(screen.getByText("Get strong")).toBeInTheDocument();
    expect(screen.getByText("£9.99")).toBeInTheDocument();
    expect(screen.getByText("Beginner")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Plan" })).not.toBeInTheDocument();
    expect(requests.map((r) => r.url)).not.toContain("/api/plan_exercises/list/p1");
  });

  it("gives the owner the plan's buttons and the not-in-plan badges", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/p1": { body: { ...plan, userId: testUser.id, createdBy: testUser.id } },
      "GET /api/plan_exercises/list/p1": { body: { "hydra:member": [] } },
      "GET /api/plans/p1/unused-muscle-groups": {
        body: { "hydra:member": [{ id: 5, name: "Back", category: "Upper body", exercises: ["Pull-Up"] }] },
      },
    });
    renderPage(<PlanViewPage />, { path: "/plan/:id/view", url: "/plan/p1/view" });

    const back = await screen.findByRole("button", { name: "Back" });
    expect(screen.getByText("Muscle groups not in plan")).toBeInTheDocument();
    // A tap (a click) opens what would cover it: no hover needed.
    await userEvent.click(back);
    expect(await screen.findByRole("dialog", { name: "Exercises for Back" })).toHaveTextContent("Pull-Up");
    for (const name of ["Edit Plan", "Delete Plan", "+ Exercise"]) expect(screen.getByRole("link", { name })).toBeInTheDocument();
    expect(screen.getByText("Exercises added to this plan will show here.")).toBeInTheDocument();
  });

  it("starts a workout from a plan the reader has, and opens it", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/p1": { body: plan },
      "GET /api/plan_exercises/list/p1": { body: { "hydra:member": [] } },
      "GET /api/sessions/unfinished": { body: {} },
      "POST /api/sessions/start/from-plan": { status: 201, body: { id: "w9", start: "18:00" } },
    });
    renderPage(<PlanViewPage />, { path: "/plan/:id/view", url: "/plan/p1/view", routes: [{ path: "/workouts/view/:id", element: <p>the workout</p> }],
    });

    await userEvent.click(await screen.findByRole("button", { name: "Start Workout" }));
    expect(await screen.findByText("the workout")).toBeInTheDocument();
    const started = requests.find((r) => r.url === "/api/sessions/start/from-plan");
    expect(started?.body).toMatchObject({ id: "p1" });
    expect(screen.queryByRole("link", { name: "Share" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Plan" })).not.toBeInTheDocument();
  });

  it("says a kept plan is the reader's to keep, By a former trainer, with nothing to change", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/plans/p1": {
        body: { ...plan, userId: "", createdBy: "", createdByDisplayName: "a former trainer", price: null, kept: "bought" },
      },
      "GET /api/plan_exercises/list/p1": { body: { "hydra:member": [] } },
      "GET /api/sessions/unfinished": { body: {} },
    });
    renderPage(<PlanViewPage />, { path: "/plan/:id/view", url: "/plan/p1/view" });

    expect(await screen.findByText(/By a former trainer\. You bought this plan, and it stays yours as it stood/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start Workout" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Plan" })).not.toBeInTheDocument();
  });

  it("opens the workout in progress instead, and gives a trainer who owns the plan Share", async () => {
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/plans/p1": { body: { ...plan, userId: testUser.id, createdBy: testUser.id } },
      "GET /api/plan_exercises/list/p1": { body: { "hydra:member": [] } },
      "GET /api/plans/p1/unused-muscle-groups": { body: { "hydra:member": [] } },
      "GET /api/sessions/unfinished": { body: { id: "w1", start: "07:00" } },
    });
    renderPage(<PlanViewPage />, { path: "/plan/:id/view", url: "/plan/p1/view" });

    expect(await screen.findByRole("link", { name: "Open Workout In Progress" })).toHaveAttribute("href", "/workouts/view/w1");
    expect(screen.getByRole("link", { name: "Share" })).toHaveAttribute("href", "/plan/share/p1");
    expect(screen.queryByRole("button", { name: "Start Workout" })).not.toBeInTheDocument();
  });
});
