import { describe, expect, it } from "vitest";
import { setCountText } from "./set-count";

describe("setCountText", () => {
  it("says set for one and sets otherwise", () => {
    expect(setCountText(1)).toBe("1 set");
    expect(setCountText(0)).toBe("0 sets");
    expect(setCountText(3)).toBe("3 sets");
  });
});
