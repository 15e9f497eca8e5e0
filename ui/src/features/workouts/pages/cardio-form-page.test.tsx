import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { LoggedSet } from "../api/types";
import { CardioFormPage } from "./cardio-form-page";

const run = (unit: LoggedSet["unit"]): LoggedSet => ({
  id: "s1", session: "w1", exercise: "Running", setNumber: 1, category: "cardio", weight: null, reps: null, rpe: null,
  done: true, pb: false, isBodyweight: false, isCardio: true, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: true, distance: 1, unit, minutes: 10, seconds: 0, created: "",
});

function renderAdd(weightUnit: "kg" | "lbs", sets: LoggedSet[]) {
  mockApi({
    "GET /api/users/user/me": { body: { ...testUser, unit: weightUnit } },
    "GET /api/exercise_logs/list/w1": { body: { "hydra:member": sets } },
  });
  renderPage(<CardioFormPage mode="add" />, { path: "/workouts/:id/cardio/add/:name", url: "/workouts/w1/cardio/add/Running" });
}

describe("CardioFormPage", () => {
  it("starts an exercise's first entry in the person's distance unit", async () => {
    renderAdd("lbs", []);
    expect(await screen.findByLabelText("Unit")).toHaveValue("mi");
  });

  it("starts a later entry in the unit of the one before", async () => {
    renderAdd("kg", [run("m")]);
    expect(await screen.findByLabelText("Unit")).toHaveValue("m");
  });
});
