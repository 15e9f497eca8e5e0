import { describe, expect, it } from "vitest";
import type { LoggedSet } from "../api/types";
import { circuitRounds, firstUndoneId, groupByExercise } from "./group-sets";

const set = (id: string, exercise: string, done: boolean, isCardio = false): LoggedSet => ({
  id, session: "w", exercise, setNumber: 1, category: isCardio ? "cardio" : "free-weights", weight: 50, reps: 5,
  rpe: done ? 6 : null, done, pb: false, isBodyweight: false, isCardio, planNotes: null, weightUnit: "kg",
  muscleGroupNames: [], disabled: true, distance: null, unit: null, minutes: null, seconds: null, created: "",
});

describe("grouping sets", () => {
  const sets = [set("a1", "Bench", true), set("b1", "Squat", false), set("a2", "Bench", false), set("r", "Running", false, true), set("a3", "Bench", false)];

  it("groups by exercise in the order first logged", () => {
    expect(groupByExercise(sets).map((g) => [g.exercise, g.sets.map((s) => s.id)])).toEqual([
      ["Bench", ["a1", "a2", "a3"]], ["Squat", ["b1"]], ["Running", ["r"]],
    ]);
  });

  it("puts the Nth set of every exercise in round N, leaving cardio out", () => {
    expect(circuitRounds(sets).map((round) => round.map((s) => s.id))).toEqual([["a1", "b1"], ["a2"], ["a3"]]);
  });

  it("offers the Done dropdown on the first undone set only", () => {
    expect(firstUndoneId(sets.filter((s) => s.exercise === "Bench"))).toBe("a2");
    expect(firstUndoneId([set("x", "Bench", true)])).toBeNull();
  });
});
