import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "@/features/account";
import { mockApi, type MockResponse } from "@/test/api-mock";
import { stubReducedMotion } from "@/test/reduced-motion";
import { renderPage, testUser } from "@/test/render";
import type { PersonalBest } from "../api/types";
import { DashboardPage } from "./dashboard-page";

const collection = (member: unknown): MockResponse => ({ body: { "@type": "hydra:Collection", "hydra:member": member } });
const failure: MockResponse = { status: 500, body: { "@type": "hydra:Error", "hydra:title": "An error occurred" } };

function best(name: string, weight: number | null, reps: number, difference: number | null = null): PersonalBest {
  return { name, weight, reps, unit: "kg", date: "2026-11-21", set: `${name}-set`, change: "up", difference };
}

interface Data {
  user?: User;
  averageDuration?: number | null;
  averageWeekCount?: number | null;
  daysSinceLast?: number | null;
  time?: MockResponse;
  bests?: PersonalBest[];
}

function mockDashboard({ user = testUser, averageDuration = 62, averageWeekCount = 2.5, daysSinceLast = 3, time, bests = [] }: Data) {
  return mockApi({
    "GET /api/users/user/me": { body: user },
    "GET /api/sessions/time/average-duration": time ?? { body: { averageDuration } },
    "GET /api/sessions/time/average-week-count": time ?? { body: { averageWeekCount } },
    "GET /api/sessions/time/days-since-last": time ?? { body: { daysSinceLast, lastWorkoutDate: null } },
    "GET /api/exercise_logs/pbs": collection(bests),
    "GET /api/sessions/chart-data": collection([["2026-11-18", "2026-11-21"], [70, 65], [67.5, 67.5], "Ada"]),
    "GET /api/weights/chart-data": collection([[], [], [], [], "Ada"]),
    "GET /api/muscle-groups/chart-data": collection([["Chest", "Triceps"], [12, 8], "Ada"]),
  });
}

const timeWidget = () => screen.findByRole("region", { name: "Time" });
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("DashboardPage", () => {
  afterEach(() => vi.useRealTimers());

  it("rotates the time widget every 4 seconds through duration, weekly count and days since the last workout", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockDashboard({});
    renderPage(<DashboardPage />, { path: "/dashboard" });

    const time = within(await timeWidget());
    expect(time.getByText("Average Duration")).toBeInTheDocument();
    expect(time.getByText("62 min")).toBeInTheDocument();
    tick(4000);
    expect(time.getByText("Workouts per Week")).toBeInTheDocument();
    expect(time.getByText("2.5")).toBeInTheDocument();
    tick(4000);
    expect(time.getByText("Days Since Last Workout")).toBeInTheDocument();
    expect(time.getByText("3")).not.toHaveAttribute("data-warning");
  });

  it("shows the fallbacks when the figures are unknown or fail to load", async () => {
    stubReducedMotion(true);
    mockDashboard({ time: failure });
    renderPage(<DashboardPage />, { path: "/dashboard" });

    const time = within(await timeWidget());
    expect(time.getByText("Coming soon")).toBeInTheDocument();
    time.getByRole("button", { name: "Next slide" }).click();
    expect(await time.findByText("Stay tuned")).toBeInTheDocument();
    time.getByRole("button", { name: "Next slide" }).click();
    expect(await time.findByText("TBC")).toBeInTheDocument();
  });

  it("shows the fallbacks for a user with no workouts", async () => {
    stubReducedMotion(true);
    mockDashboard({ averageDuration: null, averageWeekCount: null, daysSinceLast: null });
    renderPage(<DashboardPage />, { path: "/dashboard" });

    const time = within(await timeWidget());
    expect(time.getByText("Coming soon")).toBeInTheDocument();
    time.getByRole("button", { name: "Previous slide" }).click();
    expect(await time.findByText("TBC")).toBeInTheDocument();
    expect(time.getByText("TBC")).not.toHaveAttribute("data-warning");
  });

  it("shows days since the last workout in red above 7 days, not at 7", async () => {
    stubReducedMotion(true);
    mockDashboard({ daysSinceLast: 8 });
    const { unmount } = renderPage(<DashboardPage />, { path: "/dashboard" });
    let time = within(await timeWidget());
    time.getByRole("button", { name: "Previous slide" }).click();
    expect(await time.findByText("8")).toHaveAttribute("data-warning", "true");
    unmount();

    mockDashboard({ daysSinceLast: 7 });
    renderPage(<DashboardPage />, { path: "/dashboard" });
    time = within(await timeWidget());
    time.getByRole("button", { name: "Previous slide" }).click();
    expect(await time.findByText("7")).not.toHaveAttribute("data-warning");
  });

  it("rotates the personal bests every 3 seconds and stands still while hovered", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockDashboard({ bests: [best("Bench Press", 82.5, 5, 2.5), best("Pull Up", null, 12), best("Squat", 120, 3)] });
    renderPage(<DashboardPage />, { path: "/dashboard" });

    const carousel = await screen.findByRole("region", { name: "Personal bests" });
    const bests = within(carousel);
    expect(bests.getByText("Bench Press")).toBeInTheDocument();
    expect(bests.getByText("82.5 kg × 5 reps")).toBeInTheDocument();
    expect(bests.getByText("+2.5 kg")).toBeInTheDocument();
    tick(3000);
    expect(bests.getByText("Pull Up")).toBeInTheDocument();
    expect(bests.getByText("12 reps")).toBeInTheDocument();
    act(() => carousel.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: document.body })));
    tick(9000);
    expect(bests.getByText("Pull Up")).toBeInTheDocument();
  });

  it("draws the weight chart by default, the muscle groups of the past month, and the empty texts", async () => {
    stubReducedMotion(true);
    mockDashboard({});
    renderPage(<DashboardPage />, { path: "/dashboard" });

    expect(await screen.findByText("No data for chart. Start logging your weight to see progress.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Weight" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Duration" })).not.toBeInTheDocument();
    const muscles = await screen.findByRole("table", { name: "Muscle Groups (Past Month)" });
    expect(within(muscles).getAllByRole("row").map((row) => row.textContent)).toEqual(["Muscle groupSets", "Chest12", "Triceps8"]);
    expect(await screen.findByText("No PBs to show")).toBeInTheDocument();
  });

  it("draws the duration chart when the user chose Duration", async () => {
    stubReducedMotion(true);
    mockDashboard({ user: { ...testUser, dashboardChart: "Duration" } });
    renderPage(<DashboardPage />, { path: "/dashboard" });

    const duration = await screen.findByRole("table", { name: "Duration, average 67.5" });
    expect(within(duration).getByRole("row", { name: "21/11/2026 65" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Weight" })).not.toBeInTheDocument();
  });
});
