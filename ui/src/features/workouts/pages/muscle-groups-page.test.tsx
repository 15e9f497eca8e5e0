import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { ExerciseDetail, MuscleGroup } from "../api/types";
import { MuscleGroupsPage } from "./muscle-groups-page";

const groups: MuscleGroup[] = [
  { id: 1, name: "Chest", category: "Upper body" },
  { id: 9, name: "Shoulders", category: "Upper body" },
  { id: 4, name: "Glutes", category: "Lower body" },
  { id: 2, name: "Quadriceps", category: "Lower body" },
];

const detail = (disabled: boolean): ExerciseDetail => ({
  name: "Landmine Press", category: "Free weights", categoryKey: "free-weights", cardio: false, custom: !disabled,
  upper: true, lower: false, unknown: false, disabled, muscleGroupIds: [1], muscleGroups: ["Chest"],
});

function setUp(disabled: boolean) {
  return mockApi({
    "GET /api/users/user/me": { body: testUser },
    "GET /api/exercise_details/Landmine%20Press": { body: detail(disabled) },
    "GET /api/muscle-groups/list": { body: { "hydra:member": groups } },
    "GET /api/exercise_details/suggested/Landmine%20Press": {
      body: { name: "Landmine Press", muscleGroupIds: [9, 1], muscleGroups: ["Shoulders", "Chest"] },
    },
    "PUT /api/exercise_details/edit": { body: detail(false) },
  });
}

const path = "/workouts/:id/exercises/muscle-groups/:name";
const url = "/workouts/w1/exercises/muscle-groups/Landmine%20Press";

describe("MuscleGroupsPage", () => {
  it("shows the TIP, puts the listed ids' checkboxes on the right, and saves back to the workout", async () => {
    const requests = setUp(false);
    const user = userEvent.setup();
    renderPage(<MuscleGroupsPage />, { path, url });

    expect(await screen.findByRole("heading", { name: "Landmine Press Muscle Groups" })).toBeInTheDocument();
    expect(await screen.findByText("Other users chose: Shoulders, Chest")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Chest" })).toBeChecked();
    const side = (name: string) => screen.getByText(name).closest("[data-checkbox-side]")?.getAttribute("data-checkbox-side");
    expect([side("Chest"), side("Shoulders"), side("Glutes"), side("Quadriceps")]).toEqual(["left", "left", "right", "right"]);

    await user.click(screen.getByText("Shoulders"));
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/workouts/view/w1"));
    expect(requests.find((r) => r.method === "PUT")?.body).toEqual({ exercise: "Landmine Press", muscleGroups: [1, 9] });
  });

  it("shows read-only badges for a locked exercise", async () => {
    setUp(true);
    renderPage(<MuscleGroupsPage />, { path, url });

    expect(await screen.findByText("Chest")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/workouts/view/w1");
  });
});
