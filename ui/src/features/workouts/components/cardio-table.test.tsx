import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "@/test/render";
import type { LoggedSet } from "../api/types";
import { CardioTable } from "./cardio-table";

const run = (setNumber: number, note?: string): LoggedSet => ({
  id: `c${setNumber}`, session: "w1", exercise: "Running", setNumber, category: "cardio", weight: null, reps: null, rpe: null,
  done: false, pb: false, isBodyweight: false, isCardio: true, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: false, distance: 1, unit: "km", minutes: 5, seconds: 0, created: "", ...(note === undefined ? {} : { note }),
});

describe("CardioTable", () => {
  it("shows an entry's note under its row, and nothing under one without", () => {
    renderPage(<CardioTable workoutId="w1" sets={[run(1, "Treadmill 3\nIncline 2"), run(2, ""), run(3)]} owner caption="Running sets" onDone={vi.fn()} />, {
      path: "/workouts/view/w1",
    });

    const note = screen.getByRole("cell", { name: /^Note: Treadmill 3\sIncline 2$/ });
    expect(screen.getAllByTestId("cardio-row")[0]!.nextElementSibling).toContainElement(note);
    expect(screen.getAllByRole("cell", { name: /^Note:/ })).toHaveLength(1);
  });
});
