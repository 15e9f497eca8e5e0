import { describe, expect, it } from "vitest";
import { testUser } from "@/test/render";
import { calculatorDefaults } from "./calculator-defaults";

describe("calculatorDefaults", () => {
  it("gives a visitor age 30, height 170, weight 70, moderate and lose", () => {
    expect(calculatorDefaults(null)).toEqual({
      age: "30",
      height: "170",
      weight: "70",
      gender: "",
      activityLevel: "moderate",
      goal: "lose",
    });
  });

  it("gives a signed-in user their own age, height, current weight in kg and gender", () => {
    const user = { ...testUser, age: 41, height: 182, currentWeightKg: 88.456, gender: "Male" as const, unit: "lbs" as const };
    expect(calculatorDefaults(user)).toEqual({
      age: "41",
      height: "182",
      weight: "88.46",
      gender: "Male",
      activityLevel: "moderate",
      goal: "lose",
    });
  });

  it("falls back for what the user's profile lacks", () => {
    expect(calculatorDefaults({ ...testUser, age: null, height: null, currentWeightKg: null })).toMatchObject({
      age: "30",
      height: "170",
      weight: "70",
    });
  });
});
