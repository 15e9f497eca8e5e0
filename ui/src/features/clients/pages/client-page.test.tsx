import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { ClientPage } from "./client-page";

const clients = {
  "hydra:member": [
    { id: "r1", clientId: "ada", clientDisplayName: "AdaL", status: "Confirmed", recentClientActivity: "2026-11-20" },
    { id: "r2", clientId: "sam", clientDisplayName: "Sam", status: "Requested", recentClientActivity: null },
  ],
  "hydra:totalItems": 2,
};

const line = (text: string, daysAfter: number) => ({
  at: "2026-11-27T18:00:00Z", by: "AdaL", byId: "ada", text, subject: "workout-w1", about: "Push day", aboutDate: "2026-11-20", daysAfter,
});

describe("ClientPage", () => {
  it("gathers a confirmed client's changes after the day first, latest changes, workouts, bests, body and the plans shared with them", async () => {
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/clients/all": { body: clients },
      "GET /api/clients/ada/activity?page=1&afterTheDay=true": {
        body: { "hydra:member": [line("Set 1 of Bench Press edited: 85 → 95 kg", 7)], "hydra:totalItems": 1 },
      },
      "GET /api/clients/ada/activity?page=1": {
        body: {
          "hydra:member": [line("Set 1 of Bench Press edited: 85 → 95 kg", 7), line("Set 1 of Bench Press logged: 85 kg × 5 reps", 0)],
          "hydra:totalItems": 2,
        },
      },
      "GET /api/sessions/list?page=1&userFilter=AdaL": {
        body: {
          "hydra:member": [{
            id: "w1", userId: "ada", userDisplayName: "AdaL", name: "Push day", date: "2026-11-20", startTime: "18:00", finishTime: "19:00",
            isFinished: true, duration: 60, volume: 475, unit: "kg", start: "2026-11-20T18:00",
            changedAfterTheDay: { daysAfter: 7, at: "2026-11-27T18:00:00Z" },
          }],
          "hydra:totalItems": 1,
        },
      },
      "GET /api/exercise_logs/personal-bests?user.displayName=AdaL": {
        body: { "hydra:member": ["AdaL", [{ name: "Bench Press", unit: "kg", start: 80, current: 95, from: "2026-11-01", to: "2026-11-20", change: "up", difference: 15 }]] },
      },
      "GET /api/users/progress?user.displayName=AdaL": { body: { "hydra:member": ["AdaL", []] } },
      "GET /api/clients/ada/compliance": {
        body: {
          "hydra:member": [{
            planId: "p1", planName: "Strength A", timesAWeek: 3, needsAttention: true,
            periods: [{ days: 7, done: 2, expected: 3, rate: 0.67 }, { days: 30, done: 3, expected: 12.86, rate: 0.23 },
              { days: 90, done: 30, expected: 38.57, rate: 0.78 }],
          }],
          "hydra:totalItems": 1,
        },
      },
      "GET /api/plans/all": {
        body: {
          "hydra:member": [
            { id: "p1", name: "Strength A", sharedPlans: [{ clientId: "ada" }] },
            { id: "p2", name: "Someone else's", sharedPlans: [{ clientId: "sam" }] },
          ],
          "hydra:totalItems": 2,
        },
      },
    });
    renderPage(<ClientPage />, { path: "/client/:id", url: "/client/ada" });

    expect(await screen.findByRole("heading", { name: "AdaL", level: 1 })).toBeInTheDocument();
    const compliance = await screen.findByRole("table", { name: "Compliance" });
    expect(within(compliance).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Plan", "7 days", "30 days", "90 days"]);
    expect(within(compliance).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "Strength A · 3 a weekNeeds attention",
      "2 of 3 (67%)",
      "3 of 12.86 (23%)",
      "30 of 38.57 (78%)",
    ]);
    const late = screen.getByRole("region", { name: "Changed after the day" });
    expect(await within(late).findByText("edited 7 days after")).toBeInTheDocument();
    expect(within(late).getByRole("link", { name: "Push day · 20/11/2026" })).toHaveAttribute("href", "/workouts/view/w1");
    expect(within(late).getByRole("link", { name: "All changes after the day" })).toHaveAttribute(
      "href",
      "/client/ada/activity?name=AdaL&afterTheDay=1",
    );
    const latest = screen.getByRole("region", { name: "Latest changes" });
    expect(await within(latest).findByText("Set 1 of Bench Press logged: 85 kg × 5 reps")).toBeInTheDocument();
    const workouts = screen.getByRole("region", { name: "Last workouts" });
    expect(await within(workouts).findByText("Changed after the day: edited 7 days after")).toBeInTheDocument();
    expect(await screen.findByText("No weight or size logged yet.")).toBeInTheDocument();
    const plans = screen.getByRole("region", { name: "Plans you share with them" });
    expect(await within(plans).findByRole("link", { name: "Strength A" })).toHaveAttribute("href", "/plan/p1/view");
    expect(within(plans).queryByText("Someone else's")).not.toBeInTheDocument();
  });

  it("says someone who is no confirmed client of the trainer's is not one, with the way back, never Access Denied", async () => {
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/clients/all": { body: clients },
    });
    renderPage(<ClientPage />, { path: "/client/:id", url: "/client/sam" });

    expect(await screen.findByText("This person is not a confirmed client of yours.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to clients" })).toHaveAttribute("href", "/client");
  });
});
