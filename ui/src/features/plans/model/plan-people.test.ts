import { describe, expect, it } from "vitest";
import type { User } from "@/features/account";
import type { Plan } from "../api/types";
import { byName, showsForColumn } from "./plan-people";

const plan = (fields: Partial<Plan>): Plan => ({
  id: "p1",
  name: "Push",
  notes: "",
  userId: "u1",
  createdBy: "u1",
  createdByDisplayName: null,
  createdFor: [],
  price: null,
  tagline: null,
  level: null,
  exercises: [],
  muscleGroupIds: [],
  muscleGroups: [],
  sharedPlans: [],
  ...fields,
});
const reader = { id: "u1", displayName: null, loggedInName: "ada@example.com", trainer: false } as User;

describe("plan people", () => {
  it("shows the maker's display name, else the reader's own name on their own plan", () => {
    expect(byName(plan({ createdByDisplayName: "Coach K" }), reader)).toBe("Coach K");
    expect(byName(plan({}), reader)).toBe("ada@example.com");
    expect(byName(plan({}), { ...reader, displayName: "Ada" })).toBe("Ada");
    expect(byName(plan({ createdBy: "u2" }), reader)).toBe("–");
  });

  it("shows For to trainers only, and only when a plan was created for someone", () => {
    const plans = [plan({}), plan({ createdFor: ["Bo"] })];
    expect(showsForColumn(plans, { trainer: true })).toBe(true);
    expect(showsForColumn(plans, { trainer: false })).toBe(false);
    expect(showsForColumn([plan({})], { trainer: true })).toBe(false);
  });
});
