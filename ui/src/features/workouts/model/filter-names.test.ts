import { describe, expect, it } from "vitest";
import { filterNames } from "./filter-names";

const catalogue = [
  "Barbell Bench Press",
  "Dumbbell Bench Press",
  "Pull-Up",
  "Chin-Up",
  "Assisted Pull-Up Machine",
  "Dumbbell Curl",
  "Barbell Curl",
  "Push-Up",
  "Lat Pulldown",
  "Dumbbell Fly",
  "Triceps Pushdown",
  "Farmer's Walk",
  "Romanian Deadlift",
  "Leg Press",
];

describe("filterNames", () => {
  it("keeps every name for no text, and names holding the text as before", () => {
    expect(filterNames(catalogue, "  ")).toEqual(catalogue);
    expect(filterNames(catalogue, "ench")).toEqual(["Barbell Bench Press", "Dumbbell Bench Press"]);
  });

  it("finds a name however another app or a person writes it", () => {
    expect(filterNames(catalogue, "bench")).toEqual(["Barbell Bench Press", "Dumbbell Bench Press"]);
    expect(filterNames(catalogue, "pull up")).toEqual(["Pull-Up", "Assisted Pull-Up Machine"]);
    expect(filterNames(catalogue, "pullups")).toEqual(["Pull-Up", "Assisted Pull-Up Machine"]);
    expect(filterNames(catalogue, "Chin Ups")).toEqual(["Chin-Up"]);
    expect(filterNames(catalogue, "db curls")).toEqual(["Dumbbell Curl"]);
    expect(filterNames(catalogue, "curl dumbell")).toEqual(["Dumbbell Curl"]);
    expect(filterNames(catalogue, "bench press (barbell)")).toEqual(["Barbell Bench Press"]);
    expect(filterNames(catalogue, "dumbbell flyes")).toEqual(["Dumbbell Fly"]);
    expect(filterNames(catalogue, "tricep push")).toEqual(["Triceps Pushdown"]);
    expect(filterNames(catalogue, "farmers")).toEqual(["Farmer's Walk"]);
    expect(filterNames(catalogue, "RDL")).toEqual(["Romanian Deadlift"]);
    expect(filterNames(catalogue, "lat pull")).toEqual(["Lat Pulldown"]);
  });

  it("keeps out names that hold only some of the words", () => {
    expect(filterNames(catalogue, "bench curl")).toEqual([]);
    expect(filterNames(catalogue, "squat")).toEqual([]);
  });
});
