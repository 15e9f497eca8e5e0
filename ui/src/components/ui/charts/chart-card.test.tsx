import { ChakraProvider } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { system } from "@/app/theme";
import { ApiError } from "@/lib/api-client";
import { ChartCard } from "./chart-card";
import type { ChartSeries } from "./chart-series";

// Only the fields ChartCard reads of a query result.
function query(state: Partial<UseQueryResult<ChartSeries>>): UseQueryResult<ChartSeries> {
  return { isPending: false, isError: false, data: undefined, error: null, ...state } as UseQueryResult<ChartSeries>;
}

// Two points, the first without a trend.
const twoWeights: ChartSeries = {
  valueLabel: "Weight (kg)",
  points: [
    { label: "02/11/2026", tick: "02/11", value: 80 },
    { label: "09/11/2026", tick: "09/11", value: 82.5 },
  ],
  trend: [null, 82.5],
  average: 81.25,
};

function renderCard(result: UseQueryResult<ChartSeries>) {
  render(
    <ChakraProvider value={system}>
      <ChartCard title="Bench Press" kind="line" labelHeading="Date" query={result} emptyText="No data for chart." />
    </ChakraProvider>,
  );
}

describe("ChartCard", () => {
  it("says it is loading", () => {
    renderCard(query({ isPending: true }));
    expect(screen.getByRole("status", { name: "Loading Bench Press" })).toBeInTheDocument();
  });

  it("shows a failure as the error catalogue words it", () => {
    renderCard(query({ isError: true, error: new ApiError(500, "An error occurred", "Internal Server Error", []) }));
    expect(screen.getByRole("alert")).toHaveTextContent("An error occurred: Internal Server Error");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the empty text when there are no points", () => {
    renderCard(query({ data: { valueLabel: "Weight (kg)", points: [], trend: [], average: null } }));
    expect(screen.getByText("No data for chart.")).toBeInTheDocument();
  });

  it("gives the values, the trend and the average as a table, a dash where there is no trend", () => {
    renderCard(query({ data: twoWeights }));
    const table = screen.getByRole("table", { name: "Bench Press, average 81.25" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual([
      "DateWeight (kg)Trend",
      "02/11/202680–",
      "09/11/202682.582.5",
    ]);
  });

  describe("on a page with IntersectionObserver", () => {
    // A stand-in that reports what the test says: which elements are observed, and when one
    // comes near the screen.
    const observed: { element: Element; callback: IntersectionObserverCallback }[] = [];
    class StandIn {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({ element, callback: this.callback });
      }
      disconnect() {
        observed.splice(0, observed.length);
      }
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      observed.splice(0, observed.length);
    });

    it("gives the table at once and draws the chart only when it comes near the screen", async () => {
      vi.stubGlobal("IntersectionObserver", StandIn);
      renderCard(query({ data: twoWeights }));
      expect(screen.getByRole("table", { name: "Bench Press, average 81.25" })).toBeInTheDocument();
      expect(document.querySelector(".VictoryContainer")).toBeNull();
      expect(observed).toHaveLength(1);

      const watched = observed[0];
      if (!watched) throw new Error("the chart's place is not observed");
      act(() => watched.callback([{ isIntersecting: true, target: watched.element } as IntersectionObserverEntry], {} as IntersectionObserver));
      // Victory loads with the first chart drawn, which can take seconds on a busy machine.
      await waitFor(() => expect(document.querySelector(".VictoryContainer svg path")).not.toBeNull(), { timeout: 15_000 });
      expect(observed).toHaveLength(0);
    });
  });
});
