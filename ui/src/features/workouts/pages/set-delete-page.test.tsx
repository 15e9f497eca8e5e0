import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { LoggedSet, SetKind } from "../api/types";
import { SetDeletePage } from "./set-delete-page";

const set = (id: string, setNumber: number, kind: SetKind): LoggedSet => ({
  id, session: "w1", exercise: "Squat", setNumber, category: "free-weights", weight: 60, reps: 5, rpe: null, kind,
  done: false, pb: false, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: false, distance: null, unit: null, minutes: null, seconds: null, created: "",
});

function renderDelete(setId: string) {
  mockApi({
    "GET /api/users/user/me": { body: testUser },
    "GET /api/exercise_logs/list/w1": { body: { "hydra:member": [set("s1", 1, "warmup"), set("s2", 2, "")] } },
  });
  renderPage(<SetDeletePage cardio={false} />, { path: "/workouts/:id/exercises/delete/:exercise/:set", url: `/workouts/w1/exercises/delete/Squat/${setId}` });
}

describe("SetDeletePage", () => {
  it("says the set's kind after it when it is not normal", async () => {
    renderDelete("s1");

    expect(await screen.findByText("Set 1")).toBeInTheDocument();
    expect(screen.getByText("60 kg x 5 · Warm-up")).toBeInTheDocument();
  });

  it("shows a normal set as it always has", async () => {
    renderDelete("s2");

    expect(await screen.findByText("Set 2")).toBeInTheDocument();
    expect(screen.getByText("60 kg x 5")).toBeInTheDocument();
  });
});
