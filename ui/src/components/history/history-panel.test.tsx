import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { HistoryPanel } from "./history-panel";

describe("HistoryPanel", () => {
  it("loads the changes when opened: what, when and who, newest first", async () => {
    const requests = mockApi({
      "GET /api/sessions/w1/history?page=1": {
        body: {
          "hydra:member": [
            { at: "2026-11-25T18:05:00Z", by: "AdaL", byId: "u1", text: "Set 2 of Bench Press edited: 60 → 62.5 kg", subject: "workout-w1" },
            { at: "2026-11-25T18:00:00Z", by: "a former trainer", byId: "u9", text: "Workout started", subject: "workout-w1" },
          ],
          "hydra:totalItems": 2,
        },
      },
    });
    renderPage(<HistoryPanel path="/api/sessions/w1/history" />, { path: "/" });
    const toggle = screen.getByRole("button", { name: "History" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(requests).toHaveLength(0);

    await userEvent.click(toggle);
    expect(await screen.findByText("Set 2 of Bench Press edited: 60 → 62.5 kg")).toBeInTheDocument();
    expect(screen.getByText("Workout started")).toBeInTheDocument();
    expect(screen.getByText(/a former trainer/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  it("says when nothing has changed, and shows a failure's message", async () => {
    mockApi({
      "GET /api/body-log/history?page=1": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
      "GET /api/plans/p1/history?page=1": { status: 404, body: { "hydra:title": "An error occurred", "hydra:description": "Plan not found." } },
    });
    renderPage(
      <>
        <HistoryPanel path="/api/body-log/history" title="Body log history" />
        <HistoryPanel path="/api/plans/p1/history" title="Plan history" />
      </>,
      { path: "/" },
    );
    await userEvent.click(screen.getByRole("button", { name: "Body log history" }));
    expect(await screen.findByText("No changes yet.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Plan history" }));
    expect(await screen.findByText("An error occurred: Plan not found.")).toBeInTheDocument();
  });

  it("names the workout or plan of each line with a link, and marks a change made days after the workout's day", async () => {
    mockApi({
      "GET /api/clients/ada/activity?page=1": {
        body: {
          "hydra:member": [
            { at: "2026-11-27T18:00:00Z", by: "AdaL", byId: "ada", text: "Set 1 of Bench Press edited: 85 → 95 kg", subject: "workout-w1",
              about: "Push day", aboutDate: "2026-11-20", daysAfter: 7 },
            { at: "2026-11-21T18:00:00Z", by: "AdaL", byId: "ada", text: "Set 1 of Squat logged: 100 kg × 5 reps", subject: "workout-w2",
              about: "", aboutDate: "2026-11-21", daysAfter: 1 },
            { at: "2026-11-20T18:00:00Z", by: "Tia", byId: "tia", text: "Dip added: 1 set", subject: "plan-p1", about: "Push", daysAfter: 0 },
          ],
          "hydra:totalItems": 3,
        },
      },
    });
    renderPage(<HistoryPanel path="/api/clients/ada/activity" title="Activity" />, { path: "/" });
    await userEvent.click(screen.getByRole("button", { name: "Activity" }));

    expect(await screen.findByRole("link", { name: "Push day · 20/11/2026" })).toHaveAttribute("href", "/workouts/view/w1");
    expect(screen.getByRole("link", { name: "Workout · 21/11/2026" })).toHaveAttribute("href", "/workouts/view/w2");
    expect(screen.getByRole("link", { name: "Plan “Push”" })).toHaveAttribute("href", "/plan/p1/view");
    expect(screen.getByText("edited 7 days after")).toBeInTheDocument();
    expect(screen.getByText("edited 1 day after")).toBeInTheDocument();
    expect(screen.getAllByText(/edited \d+ days? after/)).toHaveLength(2);
  });
});
