import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, type MockResponse } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { TrainingIntelCard } from "./training-intel-card";
import type { TrainingIntel } from "./types";

const intel: TrainingIntel = {
  exercise: "Front Squat",
  sessions: [
    {
      workoutId: "w2",
      date: "2026-11-07",
      sets: [
        { setNumber: 1, weight: 115, weightUnit: "kg", reps: 5, rpe: 8, done: true },
        { setNumber: 2, weight: 110, weightUnit: "kg", reps: 6, rpe: null, done: false },
      ],
    },
    { workoutId: "w1", date: "2026-11-03", sets: [{ setNumber: 1, weight: 105, weightUnit: "kg", reps: 5, rpe: null, done: true }] },
  ],
  best: { weight: 115, weightUnit: "kg", reps: 5, date: "2026-11-07" },
  clients: [
    {
      clientDisplayName: "Bea",
      sessions: [{ workoutId: "w9", date: "2026-11-06", sets: [{ setNumber: 1, weight: 60, weightUnit: "kg", reps: 8, rpe: null, done: true }] }],
      best: null,
    },
  ],
};

describe("TrainingIntelCard", () => {
  it("shows the user's last workouts with the exercise and their best", async () => {
    const requests = mockApi({ "GET /api/plan_exercises/intel?name=Front%20Squat": { body: intel } });
    renderPage(<TrainingIntelCard exercise="Front Squat" />, { path: "/plan/p1/exercises/add/Front Squat" });

    expect(screen.getByText("Training Intel")).toBeInTheDocument();
    expect(await screen.findByText("Set 1: 115 kg × 5 @ RPE 8")).toBeInTheDocument();
    expect(screen.getByText("Set 2: 110 kg × 6")).toBeInTheDocument();
    expect(screen.getByText("Set 1: 105 kg × 5")).toBeInTheDocument();
    expect(screen.getByText(/^Best: 115 kg × 5 on/)).toBeInTheDocument();
    expect(screen.queryByText("Bea")).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it("says that it is loading as a status (a labelled spinner needs a role: axe)", async () => {
    let answer: (response: MockResponse) => void = () => {};
    mockApi({ "GET /api/plan_exercises/intel?name=Front%20Squat": () => new Promise<MockResponse>((resolve) => (answer = resolve)) });
    renderPage(<TrainingIntelCard exercise="Front Squat" />, { path: "/x" });
    expect(await screen.findByRole("status", { name: "Loading Training Intel" })).toBeInTheDocument();
    answer({ body: intel });
    expect(await screen.findByText("Set 1: 115 kg × 5 @ RPE 8")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading Training Intel" })).not.toBeInTheDocument();
  });

  it("shows a trainer each client's snapshot in an accordion", async () => {
    mockApi({ "GET /api/plan_exercises/intel?name=Front%20Squat": { body: intel } });
    renderPage(<TrainingIntelCard exercise="Front Squat" trainer />, { path: "/x" });
    expect(await screen.findByRole("button", { name: "Bea" })).toBeInTheDocument();
  });

  it("says when there is no previous performance, and asks nothing without an exercise", async () => {
    const requests = mockApi({
      "GET /api/plan_exercises/intel?name=Dip": { body: { exercise: "Dip", sessions: [], best: null, clients: [] } },
    });
    const { unmount } = renderPage(<TrainingIntelCard exercise="Dip" />, { path: "/x" });
    expect(await screen.findByText("No previous performance of Dip.")).toBeInTheDocument();
    unmount();
    renderPage(<TrainingIntelCard exercise=" " />, { path: "/x" });
    expect(screen.getByText("Choose an exercise to see your previous performance.")).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});
