import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "@/test/render";
import type { LoggedSet, SetKind } from "../api/types";
import { SetsTable } from "./sets-table";

const set = (setNumber: number, kind?: SetKind): LoggedSet => ({
  id: `s${setNumber}`, session: "w1", exercise: "Squat", setNumber, category: "free-weights", weight: 60, reps: 5, rpe: null,
  done: false, pb: false, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: false, distance: null, unit: null, minutes: null, seconds: null, created: "", ...(kind === undefined ? {} : { kind }),
});

// A normal set as the server answers it, one of each other kind, and a normal set cached before sets had kinds.
const sets = [set(1, ""), set(2, "warmup"), set(3, "drop"), set(4, "failure"), set(5)];

function renderTable(circuit: boolean) {
  renderPage(<SetsTable workoutId="w1" sets={sets} circuit={circuit} owner caption="Squat sets" onDone={vi.fn()} />, {
    path: "/workouts/view/w1",
  });
}

// The marks in each set's row: the badges' names and letters.
const marks = () =>
  screen.getAllByTestId("set-row").map((row) =>
    within(row)
      .queryAllByRole("img")
      .map((mark) => `${mark.getAttribute("title")}: ${mark.textContent}`),
  );

describe("SetsTable", () => {
  it.each([
    ["Normal", false],
    ["Circuit", true],
  ])("marks a warm-up, drop and failure set beside its number in %s layout, and a normal set not at all", (_layout, circuit) => {
    renderTable(circuit);

    expect(marks()).toEqual([[], ["Warm-up set: W"], ["Drop set: D"], ["Failure set: F"], []]);
    for (const name of ["Warm-up set", "Drop set", "Failure set"]) {
      // In circuit layout a phone shows the set's name and mark on a line of their own (the row above).
      expect(screen.getAllByRole("img", { name })).toHaveLength(circuit ? 2 : 1);
    }
  });
});
