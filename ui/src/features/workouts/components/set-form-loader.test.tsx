import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import type { LoggedSet } from "../api/types";
import { SetFormLoader, type SetFormStart } from "./set-form-loader";

const logged = (id: string, exercise: string): LoggedSet => ({
  id, session: "w1", exercise, setNumber: 1, category: "free-weights", weight: 60, reps: 8, rpe: null, done: false,
  pb: false, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: false, distance: null, unit: null, minutes: null, seconds: null, created: "",
});

function Start({ start }: { start: SetFormStart }) {
  return (
    <p>
      {start.workoutId} · {start.exercise} · {start.existing?.id ?? "new"} · {start.sets.length} sets
    </p>
  );
}

describe("SetFormLoader", () => {
  it("starts an added set from the route's exercise and the workout's sets", async () => {
    mockApi({ "GET /api/exercise_logs/list/w1": { body: { "hydra:member": [logged("s1", "Squat")] } } });
    renderPage(<SetFormLoader mode="add" setParam="set">{(start) => <Start start={start} />}</SetFormLoader>, {
      path: "/workouts/:id/exercises/add/:name",
      url: "/workouts/w1/exercises/add/Bench%20Press",
    });

    expect(await screen.findByText("w1 · Bench Press · new · 1 sets")).toBeInTheDocument();
  });

  it("starts an edited set from the set, named by the route parameter given, and its exercise", async () => {
    mockApi({
      "GET /api/exercise_logs/list/w1": { body: { "hydra:member": [logged("s1", "Squat"), logged("s2", "Rowing")] } },
      "GET /api/exercise_logs/s2": { body: logged("s2", "Rowing") },
    });
    renderPage(<SetFormLoader mode="edit" setParam="exercise">{(start) => <Start start={start} />}</SetFormLoader>, {
      path: "/workouts/:id/cardio/edit/:exercise",
      url: "/workouts/w1/cardio/edit/s2",
    });

    expect(await screen.findByText("w1 · Rowing · s2 · 2 sets")).toBeInTheDocument();
  });

  it("shows why the set cannot be had instead of the form", async () => {
    mockApi({ "GET /api/exercise_logs/list/w1": { body: { "hydra:member": [] } } });
    renderPage(<SetFormLoader mode="edit" setParam="set">{(start) => <Start start={start} />}</SetFormLoader>, {
      path: "/workouts/:id/exercises/edit/:exercise/:set",
      url: "/workouts/w1/exercises/edit/Squat/gone",
    });

    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.queryByText(/sets$/)).not.toBeInTheDocument();
  });
});
