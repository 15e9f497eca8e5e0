import { describe, expect, it } from "vitest";
import { formatDate, formatDifference, parseUkDate, roundTo2, todayIsoDate } from "./format";

describe("format", () => {
  it("shows ISO dates as dd/mm/yyyy", () => {
    expect(formatDate("2026-11-21")).toBe("21/11/2026");
  });

  it("parses real dd/mm/yyyy dates only", () => {
    expect(parseUkDate("10/12/1990")).toBe("1990-12-10");
    expect(parseUkDate("1/2/2000")).toBe("2000-02-01");
    expect(parseUkDate("31/02/2000")).toBeNull();
    expect(parseUkDate("1990-12-10")).toBeNull();
  });

  it("rounds to 2 decimals", () => {
    expect(roundTo2(80.555)).toBe(80.56);
    expect(roundTo2(1.005)).toBe(1.01);
  });

  it("signs differences", () => {
    expect(formatDifference(1.5)).toBe("+1.5");
    expect(formatDifference(-0.25)).toBe("-0.25");
    expect(formatDifference(0)).toBe("0");
  });

  it("gives the local date", () => {
    expect(todayIsoDate(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
  });
});
