import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "@/test/render";
import type { Workout } from "../api/types";
import { WorkoutHeading } from "./workout-heading";

const workout: Workout = {
  id: "w1", name: "Push day", date: "2026-11-20", startTime: "18:00", finishTime: "19:00", duration: 60, muscleGroups: [],
  volume: 1000, isFinished: true, allDone: true, userId: "ada", start: "2026-11-20T18:00", unit: "kg", exerciseNames: [],
  setCount: 3, fromPlanName: null,
};

describe("WorkoutHeading", () => {
  it("shows the latest change made after the workout's day, and nothing without one", () => {
    const { unmount } = renderPage(<WorkoutHeading workout={workout} />, { path: "/" });
    expect(screen.queryByText(/Changed after the day/)).not.toBeInTheDocument();
    unmount();

    renderPage(<WorkoutHeading workout={{ ...workout, changedAfterTheDay: { daysAfter: 7, at: "2026-11-27T18:00:00Z" } }} />, { path: "/" });
    expect(screen.getByText(/^Changed after the day: edited 7 days after \(latest \d{2}\/\d{2}\/2026, \d{2}:\d{2}\)$/)).toBeInTheDocument();
  });
});
