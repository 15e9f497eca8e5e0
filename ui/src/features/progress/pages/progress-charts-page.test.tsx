import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { ProgressChartsPage } from "./progress-charts-page";

const collection = (member: unknown) => ({ body: { "@type": "hydra:Collection", "hydra:member": member } });
const noChart = collection([[], [], [], [], "Ada"]);

describe("ProgressChartsPage", () => {
  it("draws each chart with a table of its values for screen readers", async () => {
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, unit: "lbs" } },
      "GET /api/sessions/chart-data": collection([["2026-11-18", "2026-11-21"], [70, 65], [67.5, 67.5], "Ada"]),
      "GET /api/weights/chart-data": collection([["2026-11-01", "2026-11-08"], [180, 178.5], [179.25, 179.25], [180, 178.5], "Ada"]),
      "GET /api/exercise_logs/chart-enabled": collection(["Bench Press", "Push Up"]),
      "GET /api/exercise_logs/chart-data?name=Bench+Press": collection([["2026-11-02", "2026-11-09"], [135, 140], [137.5, 137.5], [135, 140], "Ada"]),
      "GET /api/exercise_logs/chart-data?name=Push+Up": collection([["2026-11-02", "2026-11-09"], [20, 22], [21, 21], [20, 22], "Ada"]),
      "GET /api/exercise_logs/personal-bests": collection(["Ada", [
        { name: "Push Up", start: 20, current: 22, from: "2026-11-02", to: "2026-11-09", change: "up", difference: 2, unit: "reps" },
      ]]),
      "GET /api/sizes/chart-enabled": collection(["Arms"]),
      "GET /api/sizes/chart-data?category=Arms": collection([["2026-10-01", "2026-11-01"], [35, 36.5], [35.75, 35.75], [35, 36.5], "Ada"]),
    });
    renderPage(<ProgressChartsPage />, { path: "/progress/charts" });

    const duration = await screen.findByRole("table", { name: "Daily Duration, average 67.5" });
    expect(within(duration).getAllByRole("row").map((row) => row.textContent)).toEqual([
      "DateDuration (min)",
      "18/11/202670",
      "21/11/202665",
    ]);
    const weight = await screen.findByRole("table", { name: "Weight, average 179.25" });
    expect(within(weight).getByRole("columnheader", { name: "Weight (lbs)" })).toBeInTheDocument();
    expect(within(weight).getByRole("columnheader", { name: "Trend" })).toBeInTheDocument();
    const bench = await screen.findByRole("table", { name: "Bench Press, average 137.5" });
    expect(within(bench).getByRole("columnheader", { name: "Weight (lbs)" })).toBeInTheDocument();
    const pushUp = await screen.findByRole("table", { name: "Push Up, average 21" });
    expect(within(pushUp).getByRole("columnheader", { name: "Reps" })).toBeInTheDocument();
    const arms = await screen.findByRole("table", { name: "Arms, average 35.75" });
    expect(within(arms).getByRole("columnheader", { name: "Measurement (cm)" })).toBeInTheDocument();
    expect(within(arms).getByRole("row", { name: "01/11/2026 36.5 36.5" })).toBeInTheDocument();
    // The drawings load with Victory, apart from the first load, and are hidden from screen readers.
    // Loading Victory the first time in a test run can take seconds on a busy machine.
    await waitFor(() => expect(document.querySelectorAll(".VictoryContainer svg path").length).toBeGreaterThan(0), {
      timeout: 15_000,
    });
  });

  it("says No data for chart. for each chart without data", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/sessions/chart-data": collection([[], [], [], "Ada"]),
      "GET /api/weights/chart-data": noChart,
      "GET /api/exercise_logs/chart-enabled": collection([]),
      "GET /api/exercise_logs/personal-bests": collection(["Ada", []]),
      "GET /api/sizes/chart-enabled": collection([]),
    });
    renderPage(<ProgressChartsPage />, { path: "/progress/charts" });

    expect(await screen.findAllByText("No data for chart.")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Daily Duration" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Weight" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
