import { ChakraProvider } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { system } from "@/app/theme";
import { ApiError } from "@/lib/api-client";
import { ChartCard } from "./chart-card";
import type { ChartSeries } from "./chart-series";

// Only the fields ChartCard reads of a query result.
function query(state: Partial<UseQueryResult<ChartSeries>>): UseQueryResult<ChartSeries> {
  return { isPending: false, isError: false, data: undefined, error: null, ...state } as UseQueryResult<ChartSeries>;
}

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
    renderCard(
      query({
        data: {
          valueLabel: "Weight (kg)",
          points: [
            { label: "02/11/2026", tick: "02/11", value: 80 },
            { label: "09/11/2026", tick: "09/11", value: 82.5 },
          ],
          trend: [null, 82.5],
          average: 81.25,
        },
      }),
    );
    const table = screen.getByRole("table", { name: "Bench Press, average 81.25" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual([
      "DateWeight (kg)Trend",
      "02/11/202680–",
      "09/11/202682.582.5",
    ]);
  });
});
