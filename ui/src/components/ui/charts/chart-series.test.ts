import { describe, expect, it } from "vitest";
import { lineDomain, valueTick } from "./chart-series";

describe("lineDomain", () => {
  it("leaves a range of values to the chart", () => {
    expect(lineDomain([79.5, 80, 81.2])).toBeUndefined();
    expect(lineDomain([])).toBeUndefined();
  });

  it("gives a single value room round it, on round numbers", () => {
    expect(lineDomain([80])).toEqual([76, 84]);
    expect(lineDomain([80, 80, 80.00000000001])).toEqual([76, 84.00000000001]);
    expect(lineDomain([0])).toEqual([-1, 1]);
    expect(lineDomain([2])).toEqual([1, 3]);
  });
});

describe("valueTick", () => {
  it("shows at most two decimals, none trailing", () => {
    expect(valueTick(79.9999999999)).toBe("80");
    expect(valueTick(80.5)).toBe("80.5");
    expect(valueTick(80.254)).toBe("80.25");
    expect(valueTick(-0.001)).toBe("0");
  });
});
