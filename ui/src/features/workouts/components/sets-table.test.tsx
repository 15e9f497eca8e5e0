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

  it.each([
    ["Normal", false],
    ["Circuit", true],
  ])("shows a set's note under its row in %s layout, every line of it, and nothing under a set without one", (_layout, circuit) => {
    const noted = [{ ...set(1, ""), note: "Seat at 4\nLeft shoulder twinge" }, { ...set(2, ""), note: "" }, set(3)];
    renderPage(<SetsTable workoutId="w1" sets={noted} circuit={circuit} owner caption="Squat sets" onDone={vi.fn()} />, {
      path: "/workouts/view/w1",
    });

    // The cell is named "Note: …": the word is for screen readers only; the lines show as written.
    const note = screen.getByRole("cell", { name: /^Note: Seat at 4\sLeft shoulder twinge$/ });
    expect(note).toHaveAttribute("colspan", "6");
    expect(screen.getByText("Note:")).toHaveStyle({ position: "absolute" });
    const text = screen.getByText(/Seat at 4/);
    expect(text).toHaveTextContent("Seat at 4\nLeft shoulder twinge", { normalizeWhitespace: false });
    expect(text).toHaveStyle({ whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
    // Right under set 1's row, and the only note: the empty and the missing one show nothing.
    expect(screen.getAllByTestId("set-row")[0]!.nextElementSibling).toContainElement(note);
    expect(screen.getAllByRole("cell", { name: /^Note:/ })).toHaveLength(1);
  });
});
