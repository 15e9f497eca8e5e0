import { describe, expect, it } from "vitest";
import { testUser } from "@/test/render";
import { mainNavItems } from "./nav-items";

describe("mainNavItems", () => {
  it("keeps a trainer following a client on Plans, Workouts and Progress", () => {
    const links = mainNavItems({ ...testUser, trainer: true }, "Ada L").map((item) => item.to);
    expect(links).toEqual(["/dashboard", "/plan?userFilter=Ada+L", "/workouts?userFilter=Ada+L", "/progress?userFilter=Ada+L", "/client"]);
  });

  it("leaves everyone else's links as they are", () => {
    const links = mainNavItems({ ...testUser, trainer: false }, "Ada L").map((item) => item.to);
    expect(links).toEqual(["/dashboard", "/plan", "/workouts", "/progress"]);
  });
});
