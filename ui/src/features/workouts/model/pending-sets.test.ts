import { describe, expect, it } from "vitest";
import type { LoggedSet } from "../api/types";
import { confirmPending, withoutPending } from "./pending-sets";

const set = (id: string, exercise: string, setNumber: number, pending = false): LoggedSet => ({
  id, session: "w", exercise, setNumber, category: "free-weights", weight: 50, reps: 5, rpe: null, done: false,
  pb: false, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: false, distance: null, unit: null, minutes: null, seconds: null, created: "", ...(pending ? { pending } : {}),
});

const shape = (sets: LoggedSet[]) => sets.map((s) => `${s.id}:${s.exercise}${s.setNumber}${s.pending ? "?" : ""}`);

describe("pending sets", () => {
  const sets = [set("s1", "Bench", 1), set("p2", "Bench", 2, true), set("p1", "Squat", 1, true), set("p3", "Bench", 3, true), set("p4", "Bench", 4, true)];

  it("puts the saved set in its pending row's place", () => {
    expect(shape(confirmPending(sets, "p2", set("s2", "Bench", 2)))).toEqual(["s1:Bench1", "s2:Bench2", "p1:Squat1?", "p3:Bench3?", "p4:Bench4?"]);
  });

  it("keeps the pending row's number for a provisional answer, which does not know it yet", () => {
    const provisional = { ...set("s2", "Bench", 0), provisional: true };
    expect(shape(confirmPending(sets, "p2", provisional))).toEqual(["s1:Bench1", "s2:Bench2", "p1:Squat1?", "p3:Bench3?", "p4:Bench4?"]);
  });

  it("drops the pending row when a refetch already brought the saved set, so it never shows twice", () => {
    const refetched = [set("s1", "Bench", 1), set("s2", "Bench", 2), set("p3", "Bench", 3, true)];
    expect(shape(confirmPending(refetched, "p2", set("s2", "Bench", 2)))).toEqual(["s1:Bench1", "s2:Bench2", "p3:Bench3?"]);
  });

  it("takes back only the refused row and moves the later pending sets of its exercise up one", () => {
    expect(shape(withoutPending(sets, "p2"))).toEqual(["s1:Bench1", "p1:Squat1?", "p3:Bench2?", "p4:Bench3?"]);
  });

  it("leaves the list as it is when the refused row is already gone", () => {
    expect(withoutPending(sets, "gone")).toBe(sets);
  });
});
