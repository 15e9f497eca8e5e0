import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import {
  applyTargetErrors,
  blankStrengthRow,
  canRemoveRow,
  cardioRows,
  cardioTargets,
  strengthRows,
  strengthTargets,
  targetFieldNames,
  targetPath,
  withRowAdded,
  withRowRemoved,
} from "./targets";

describe("target table rules", () => {
  it("adds a row that copies the previous one, a blank one to an empty table", () => {
    const rows = [
      { weight: "60", reps: "8" },
      { weight: "70", reps: "5" },
    ];
    const added = withRowAdded(rows, blankStrengthRow);
    expect(added).toEqual([...rows, { weight: "70", reps: "5" }]);
    expect(added[2]).not.toBe(rows[1]);
    expect(withRowAdded([], blankStrengthRow)).toEqual([blankStrengthRow]);
  });

  it("never removes the first row, and removes any later one", () => {
    const rows = ["a", "b", "c"];
    expect(canRemoveRow(0)).toBe(false);
    expect(canRemoveRow(1)).toBe(true);
    expect(withRowRemoved(rows, 0)).toEqual(["a", "b", "c"]);
    expect(withRowRemoved(rows, 1)).toEqual(["a", "c"]);
    expect(withRowRemoved(rows, 2)).toEqual(["a", "b"]);
  });

  it("saves weights to 2 decimals and reps as typed, both 0 by default", () => {
    expect(
      strengthTargets(
        [
          { weight: "60.555", reps: "8" },
          { weight: "", reps: "" },
          { weight: "abc", reps: "2.7" },
        ],
        false,
      ),
    ).toEqual([
      { weight: 60.56, reps: 8 },
      { weight: 0, reps: 0 },
      { weight: 0, reps: 2.7 },
    ]);
  });

  it("saves bodyweight targets without a weight", () => {
    expect(strengthTargets([{ weight: "20", reps: "12" }], true)).toEqual([{ reps: 12 }]);
  });

  it("saves cardio targets without defaults: empty or non-numeric is null, distance to 2 decimals", () => {
    expect(
      cardioTargets([
        { distance: "5.126", unit: "km", minutes: "25", seconds: "7" },
        { distance: "", unit: "", minutes: "x", seconds: "" },
        { distance: "1", unit: "mi", minutes: "2.5", seconds: "" },
      ]),
    ).toEqual([
      { distance: 5.13, unit: "km", minutes: 25, seconds: 7 },
      { distance: null, unit: "", minutes: null, seconds: null },
      { distance: 1, unit: "mi", minutes: 2.5, seconds: null },
    ]);
  });

  it("shows saved targets as rows, one blank row when there are none", () => {
    expect(strengthRows([{ weight: 60, reps: 8 }, { reps: 12 }])).toEqual([
      { weight: "60", reps: "8" },
      { weight: "", reps: "12" },
    ]);
    expect(strengthRows([])).toEqual([{ weight: "", reps: "" }]);
    expect(cardioRows([{ distance: 5, unit: "mi", minutes: null, seconds: 30 }])).toEqual([
      { distance: "5", unit: "mi", minutes: "", seconds: "30" },
    ]);
    expect(cardioRows([])).toEqual([{ distance: "", unit: "", minutes: "", seconds: "" }]);
  });
});

describe("server errors on target rows", () => {
  it("maps indexed names to the row's field", () => {
    expect(targetPath("weight_1")).toBe("targets.0.weight");
    expect(targetPath("reps_12")).toBe("targets.11.reps");
    expect(targetPath("distance_1")).toBe("targets.0.distance");
    expect(targetPath("notes")).toBeNull();
    expect(targetPath("weight_0")).toBeNull();
    expect(targetFieldNames(2, ["weight", "reps"])).toEqual(["weight_1", "reps_1", "weight_2", "reps_2"]);
  });

  it("puts each message under its field and the rest in the alert", () => {
    const error = new ApiError(422, "An error occurred", "reps_2: bad", [
      { propertyPath: "reps_2", message: "Please enter whole reps from 1 to 1000." },
      { propertyPath: "notes", message: "Notes are too long." },
      { propertyPath: "weight_3", message: "Not a row on the form." },
      { propertyPath: "category", message: "Please choose a category." },
    ]);
    const set: Record<string, string | undefined> = {};
    const summary = applyTargetErrors(error, (name, e) => (set[name] = e.message), ["notes"], 2, ["weight", "reps"]);
    expect(set).toEqual({ "targets.1.reps": "Please enter whole reps from 1 to 1000.", notes: "Notes are too long." });
    expect(summary.otherErrors).toEqual(["Not a row on the form.", "Please choose a category."]);
    expect(summary.message).toBe("Please check the validation issues below");
  });
});
