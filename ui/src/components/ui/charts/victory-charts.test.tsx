import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LineChart } from "./victory-charts";

describe("LineChart", () => {
  // A single weigh-in used to get an axis spanning a rounding error, its labels clipped:
  // "79.99999999990 … 80.00000000010".
  it("puts a single value on a sane axis", () => {
    const { container } = render(
      <LineChart
        series={{
          valueLabel: "Weight (kg)",
          points: [{ label: "27/11/2026", tick: "27/11", value: 80 }],
          trend: [null],
          average: 80,
        }}
      />,
    );
    const ticks = [...container.querySelectorAll("text")]
      .map((t) => t.textContent ?? "")
      .filter((t) => /^-?[\d.]+$/.test(t));
    expect(ticks).toContain("80");
    for (const tick of ticks) {
      expect(tick).toMatch(/^-?\d+(\.\d{1,2})?$/);
      expect(Number(tick)).toBeGreaterThanOrEqual(76);
      expect(Number(tick)).toBeLessThanOrEqual(84);
    }
  });
});
