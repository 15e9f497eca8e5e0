import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "@/test/render";
import type { LoggedSet, SetKind } from "../api/types";
import { KnowBeforeYouLift } from "./know-before-you-lift";

const set = (setNumber: number, weight: number, kind?: SetKind): LoggedSet => ({
  id: `s${setNumber}`, session: "w1", exercise: "Squat", setNumber, category: "free-weights", weight, reps: 5, rpe: null,
  done: false, pb: false, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: false, distance: null, unit: null, minutes: null, seconds: null, created: "", ...(kind === undefined ? {} : { kind }),
});

const items = (region: string) =>
  within(screen.getByRole("region", { name: region }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("KnowBeforeYouLift", () => {
  it("says each set's kind after it when it is not normal", () => {
    const current = [set(1, 40, "warmup"), set(2, 60, ""), set(3, 60, "failure")];
    const previous = [set(1, 60, "drop"), set(2, 60)];
    renderPage(<KnowBeforeYouLift current={current} previous={previous} />, { path: "/" });

    expect(items("Sets this session")).toEqual(["1. 40 kg x 5 · Warm-up", "2. 60 kg x 5", "3. 60 kg x 5 · Failure set"]);
    expect(items("Last time")).toEqual(["1. 60 kg x 5 · Drop set", "2. 60 kg x 5"]);
  });

  it("shows a set's note on one line under it, cut where it is too long", () => {
    const previous = [{ ...set(1, 60), note: "Seat at 4\nLeft shoulder twinge" }, { ...set(2, 60), note: "" }];
    renderPage(<KnowBeforeYouLift current={[]} previous={previous} />, { path: "/" });

    expect(items("Last time")).toEqual(["1. 60 kg x 5Note:Seat at 4\nLeft shoulder twinge", "2. 60 kg x 5"]);
    const note = screen.getByText(/Seat at 4/);
    expect(note).toHaveAttribute("title", "Seat at 4\nLeft shoulder twinge");
    expect(note).toHaveStyle({ whiteSpace: "nowrap", textOverflow: "ellipsis", overflow: "hidden" });
  });
});
