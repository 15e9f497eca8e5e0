import { describe, expect, it } from "vitest";
import type { NewSet } from "../api/log-set";
import type { LoggedSet, SetKind } from "../api/types";
import type { QueuedChange, SetChange } from "../offline/queue";
import { withQueued } from "./queued-sets";

const listed = (id: string, setNumber: number, reps: number): LoggedSet => ({
  id, session: "w1", exercise: "Squat", setNumber, category: "free-weights", weight: 100, reps, rpe: null, done: false,
  pb: false, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg", muscleGroupNames: [], disabled: false,
  distance: null, unit: null, minutes: null, seconds: null, created: "",
});

let seq = 0;
const queued = (change: SetChange, refused = false, workoutId = "w1"): QueuedChange => ({
  seq: ++seq, userId: "u1", workoutId, key: `k${seq}`, change, label: "", weightUnit: "kg",
  refusal: refused ? { status: 404, message: "Set not found." } : null,
});
const save = (setId: string, reps: number, isNew = true, setKind: SetKind = "", note = ""): SetChange => ({
  type: "save", setId, isNew, input: { kind: "strength", exercise: "Squat", category: "free-weights", weight: 100, reps, rpe: null, setKind, note },
});
const rows = (sets: LoggedSet[]) => sets.map((set) => `${set.id} #${set.setNumber} ${set.reps}${set.done ? ` rpe ${set.rpe}` : ""}${set.queued ? " queued" : ""}`);

describe("withQueued", () => {
  it("applies the waiting changes in order and marks the rows they touch", () => {
    const sets = [listed("s1", 1, 5), listed("s2", 2, 5)];
    const changes = [
      queued(save("n1", 6)),
      queued(save("n2", 7)),
      queued(save("n1", 8, false)),
      queued({ type: "done", setId: "s1", rpe: 8 }),
      queued({ type: "done", setId: "n2", rpe: 9 }),
      queued({ type: "delete", setId: "s2" }),
      queued(save("s9", 1), false, "another workout"),
    ];
    expect(rows(withQueued("w1", sets, changes))).toEqual(["s1 #1 5 rpe 8 queued", "n1 #3 8 queued", "n2 #4 7 rpe 9 queued"]);
  });

  it("adds a new set once when the server's list already has it, and leaves refused changes out", () => {
    const sets = [listed("s1", 1, 5), listed("n1", 2, 6)];
    const changes = [queued(save("n1", 6)), queued({ type: "done", setId: "s1", rpe: 8 }, true)];
    expect(rows(withQueued("w1", sets, changes))).toEqual(["s1 #1 5", "n1 #2 6 queued"]);
    expect(withQueued("w1", sets, [])).toBe(sets);
  });

  it("gives a queued set the kind it was logged or edited with", () => {
    const sets = [listed("s1", 1, 5)];
    const changes = [queued(save("n1", 6, true, "warmup")), queued(save("s1", 5, false, "failure")), queued(save("n2", 8))];
    expect(withQueued("w1", sets, changes).map((set) => `${set.id} ${set.kind || "normal"}`)).toEqual(["s1 failure", "n1 warmup", "n2 normal"]);
  });

  it("gives a queued set the note it was logged or edited with, and keeps a set's note on an edit queued before sets had notes", () => {
    const sets = [{ ...listed("s1", 1, 5), note: "Seat at 4" }, { ...listed("s2", 2, 5), note: "Felt easy" }];
    // As IndexedDB gives such an edit back: no note at all.
    const before = { kind: "strength", exercise: "Squat", category: "free-weights", weight: 100, reps: 6, rpe: null, setKind: "" } as NewSet;
    const changes = [
      queued(save("n1", 6, true, "", "Grip slipped\nUse chalk")),
      queued(save("s1", 5, false, "", "")),
      queued({ type: "save", setId: "s2", isNew: false, input: before }),
    ];
    expect(withQueued("w1", sets, changes).map((set) => `${set.id} ${set.reps} ${JSON.stringify(set.note)}`)).toEqual([
      's1 5 ""', 's2 6 "Felt easy"', 'n1 6 "Grip slipped\\nUse chalk"',
    ]);
  });
});
