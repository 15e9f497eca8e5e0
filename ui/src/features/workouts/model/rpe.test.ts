import { describe, expect, it } from "vitest";
import { incrementsFor } from "./increments";
import { formatRest, restPhase } from "./rest-timer";
import { rpeFace, rpePalette, rpeTooltip, rpeValues } from "./rpe";

describe("RPE scale", () => {
  it("has the spec's tooltips from Easy 1/10 to Hard 10/10", () => {
    expect(rpeValues.map(rpeTooltip)).toEqual([
      "Easy 1/10", "Easy 2/10", "Easy 3/10", "4/10", "5/10", "6/10", "Hard 7/10", "Hard 8/10", "Hard 9/10", "Hard 10/10",
    ]);
  });

  it("colours grey below 5, warning 5 to 7, red above 7", () => {
    expect(rpeValues.map(rpePalette)).toEqual([
      "gray", "gray", "gray", "gray", "orange", "orange", "orange", "red", "red", "red",
    ]);
  });

  it("shows a face from relaxed to spent, two RPEs a face up to 8", () => {
    expect(rpeValues.map(rpeFace)).toEqual([
      "grin", "grin", "smile", "smile", "neutral", "neutral", "straining", "straining", "tired", "spent",
    ]);
  });
});

describe("rest timer", () => {
  it("counts up from 00:00 and turns grey after 1 minute, warning after 2", () => {
    expect(formatRest(0)).toBe("00:00");
    expect(formatRest(59.9)).toBe("00:59");
    expect(formatRest(125)).toBe("02:05");
    expect([0, 59, 60, 119, 120, 600].map(restPhase)).toEqual(["fresh", "fresh", "grey", "grey", "warning", "warning"]);
  });
});

describe("duplicate increments", () => {
  it("adds 1.25 or 2.5 in kg, 2.5 or 5 in lbs, or 1 or 2 reps", () => {
    expect(incrementsFor("kg").map((i) => [i.plusWeight, i.plusReps])).toEqual([[0, 0], [1.25, 0], [2.5, 0], [0, 1], [0, 2]]);
    expect(incrementsFor("lbs").map((i) => i.label)).toEqual(["Same as last time", "+2.5 lbs", "+5 lbs", "+1 rep", "+2 reps"]);
  });
});
