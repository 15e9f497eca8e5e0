import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { system } from "@/app/theme";
import type { Workout } from "../api/types";
import { RecentWorkouts } from "./recent-workouts";

const legs: Workout = {
  id: "w1", name: "Legs and a very long workout name", date: "2026-11-18", startTime: "18:00", finishTime: "19:10",
  start: "2026-11-18T18:00", duration: 70, muscleGroups: ["Quadriceps"], volume: 512.5, isFinished: true, allDone: true,
  userId: "u1", unit: "kg", exerciseNames: ["Barbell Back Squat", "Romanian Deadlift"], setCount: 2, fromPlanName: null,
};

function renderList(onStart = vi.fn()) {
  render(
    <ChakraProvider value={system}>
      <RecentWorkouts workouts={[legs, { ...legs, id: "w2", name: null, exerciseNames: [] }]} unit="kg" starting={false} onStart={onStart} />
    </ChakraProvider>,
  );
  return onStart;
}

describe("RecentWorkouts", () => {
  it("shows each workout's name in full, apart from its exercises", () => {
    renderList();

    expect(screen.getByText("Legs and a very long workout name")).toBeInTheDocument();
    expect(screen.getByText("Barbell Back Squat, Romanian Deadlift")).toBeInTheDocument();
    expect(screen.getByText("Workout")).toBeInTheDocument();
  });

  it("starts from a workout with the increment chosen in its Start dropdown", async () => {
    const onStart = renderList();
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Start from 18/11/2026 Legs and a very long workout name" }));
    await user.click(await screen.findByRole("menuitem", { name: "+2.5 kg" }));
    expect(onStart).toHaveBeenCalledWith(legs, expect.objectContaining({ plusWeight: 2.5, plusReps: 0 }));
  });
});
