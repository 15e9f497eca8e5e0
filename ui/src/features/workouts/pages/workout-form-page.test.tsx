import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { Workout } from "../api/types";
import { WorkoutFinishPage } from "./workout-form-routes";

const fromPlan: Workout = {
  id: "w1", name: null, date: "2026-11-21", startTime: "09:30", finishTime: null, start: "2026-11-21T09:30",
  duration: null, muscleGroups: [], volume: null, isFinished: false, allDone: false, userId: testUser.id,
  unit: "kg", exerciseNames: ["Barbell Bench Press"], setCount: 2, fromPlanName: "Push A",
};

function finish(workout: Workout) {
  mockApi({ "GET /api/users/user/me": { body: testUser }, "GET /api/sessions/w1": { body: workout } });
  renderPage(<WorkoutFinishPage />, { path: "/workouts/finish/:id", url: "/workouts/finish/w1" });
}

describe("WorkoutFinishPage", () => {
  it("pre-fills an unnamed workout's name from its plan", async () => {
    finish(fromPlan);

    expect(await screen.findByLabelText("Name (optional)")).toHaveValue("Push A");
  });

  it("keeps a name the workout already has", async () => {
    finish({ ...fromPlan, name: "Monday push" });

    expect(await screen.findByLabelText("Name (optional)")).toHaveValue("Monday push");
  });
});
