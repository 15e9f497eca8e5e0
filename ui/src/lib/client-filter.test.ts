import { describe, expect, it } from "vitest";
import { resolveClientName } from "./client-filter";

describe("resolveClientName", () => {
  const names = ["Sam One", "Samantha Two", "Ada L", "bob"];
  it.each([
    ["Sam One", "Sam One"],
    ["  sam one ", "Sam One"],
    ["BOB", "bob"],
    ["ada", "Ada L"],
    ["l", "Ada L"],
    ["o", "Sam One"], // a word's start: "One", not the o inside "bob"
    ["sam", "sam"], // Sam One and Samantha Two: which one is not for the box to guess
    ["Zed", "Zed"],
    ["", ""],
  ])("%j is taken for %j", (typed, want) => {
    expect(resolveClientName(typed, names)).toBe(want);
  });
});
