import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { ExerciseDetail } from "../api/types";
import { ExerciseSelectPage } from "./exercise-select-page";

const exercise = (name: string, more: Partial<ExerciseDetail> = {}): ExerciseDetail => ({
  name, category: "Free weights", categoryKey: "free-weights", cardio: false, custom: false, upper: true, lower: false,
  unknown: false, disabled: true, muscleGroupIds: [1], muscleGroups: ["Chest"], ...more,
});

const catalogue = [
  exercise("Barbell Bench Press"),
  exercise("Dumbbell Curl"),
  exercise("Barbell Back Squat", { upper: false, lower: true }),
  exercise("Bench Dips Plus", { custom: true }),
  exercise("Zercher Carry", { custom: true, unknown: true, muscleGroupIds: [], muscleGroups: [] }),
];

/** renderSelectPage shows Select Exercise of workout w1 (free weights) over the catalogue above. */
function renderSelectPage(
  recent: { name: string; cardio: boolean; sets: number; recent: boolean }[] = [],
  routes: Parameters<typeof mockApi>[0] = {},
) {
  mockApi({
    "GET /api/users/user/me": { body: testUser },
    "GET /api/exercise_logs/recent": { body: { "hydra:member": recent } },
    "GET /api/exercise_details/list": { body: { "hydra:member": [catalogue] } },
    "GET /api/muscle-groups/list": { body: { "hydra:member": [] } },
    "GET /api/exercise_details/recognised/Lat%20Pulldown%20(Cable)": { body: { name: "Lat Pulldown (Cable)", recognised: "Dumbbell Curl" } },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<ExerciseSelectPage />, { path: "/workouts/exercises/select/:id", url: "/workouts/exercises/select/w1?category=free-weights" });
  return user;
}

describe("ExerciseSelectPage", () => {
  it("narrows every list of suggestions to the names containing what is typed, ignoring case", async () => {
    const user = renderSelectPage();

    const upper = await screen.findByRole("region", { name: "Upper body" });
    expect(await within(upper).findByRole("button", { name: "Dumbbell Curl" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Exercise name"), "bench");

    expect(within(upper).getByRole("button", { name: "Barbell Bench Press" })).toBeInTheDocument();
    expect(within(upper).queryByRole("button", { name: "Dumbbell Curl" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Lower/full body" })).queryAllByRole("button")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Bench Dips Plus" })).toBeInTheDocument();
    expect(screen.queryByText("Muscle groups not yet set")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Zercher Carry" })).not.toBeInTheDocument();
  });

  it("asks before a typed name no exercise has becomes a custom exercise, offering the closest catalogue names", async () => {
    const user = renderSelectPage();
    await within(await screen.findByRole("region", { name: "Upper body" })).findByRole("button", { name: "Dumbbell Curl" });

    await user.type(screen.getByLabelText("Exercise name"), "Bench Press");
    await user.click(screen.getByRole("button", { name: "Next" }));
    const asking = await screen.findByRole("group", { name: "New exercise" });
    expect(asking).toHaveTextContent("Create a custom exercise ‘Bench Press’?");
    expect(within(asking).getAllByRole("button").map((b) => b.textContent)).toEqual(["Create ‘Bench Press’", "Barbell Bench Press"]);
    expect(screen.getByTestId("location")).toHaveTextContent("/workouts/exercises/select/w1");

    // Picking the catalogue's goes on with it; typing again forgets the question.
    await user.type(screen.getByLabelText("Exercise name"), "!");
    expect(screen.queryByRole("group", { name: "New exercise" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(within(await screen.findByRole("group", { name: "New exercise" })).getByRole("button", { name: "Create ‘Bench Press!’" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/workouts/w1/exercises/add/Bench%20Press!?category=free-weights");
  });

  it("offers first the catalogue exercise the server recognises another app's name as", async () => {
    const user = renderSelectPage();
    await within(await screen.findByRole("region", { name: "Upper body" })).findByRole("button", { name: "Dumbbell Curl" });

    // (The stand-in server recognises this name as Dumbbell Curl, which no word of it names.)
    await user.type(screen.getByLabelText("Exercise name"), "Lat Pulldown (Cable)");
    await user.click(screen.getByRole("button", { name: "Next" }));
    const asking = await screen.findByRole("group", { name: "New exercise" });
    expect(within(asking).getAllByRole("button").map((b) => b.textContent)[1]).toBe("Dumbbell Curl");
  });

  it("shows Next busy while the server is asked, and drops its answer for a name typed over meanwhile", async () => {
    let answer: (recognised: string | null) => void = () => undefined;
    const held = new Promise<string | null>((resolve) => (answer = resolve));
    const user = renderSelectPage([], {
      "GET /api/exercise_details/recognised/Pec%20Deck": async () => ({ body: { name: "Pec Deck", recognised: await held } }),
    });
    await within(await screen.findByRole("region", { name: "Upper body" })).findByRole("button", { name: "Dumbbell Curl" });

    await user.type(screen.getByLabelText("Exercise name"), "Pec Deck");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("button", { name: /Checking/ })).toBeDisabled();
    await user.type(screen.getByLabelText("Exercise name"), "!");
    expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("data-loading");
    answer("Dumbbell Curl");
    await held;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("group", { name: "New exercise" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Exercise name")).toHaveValue("Pec Deck!");
  });

  it("goes on at once with a name an exercise has, whatever its case and spaces", async () => {
    const user = renderSelectPage();
    await within(await screen.findByRole("region", { name: "Upper body" })).findByRole("button", { name: "Dumbbell Curl" });

    await user.type(screen.getByLabelText("Exercise name"), " bench  dips plus ");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/workouts/w1/exercises/add/bench%20%20dips%20plus?category=free-weights");
  });

  it("offers the exercises logged most recently, then the most used, narrowed by what is typed, strength ones only", async () => {
    const user = renderSelectPage([
      { name: "Barbell Back Squat", cardio: false, sets: 12, recent: true },
      { name: "Rowing", cardio: true, sets: 3, recent: true },
      { name: "Barbell Bench Press", cardio: false, sets: 30, recent: true },
      { name: "Deadlift", cardio: false, sets: 40, recent: false },
      { name: "Cycling", cardio: true, sets: 50, recent: false },
    ]);

    const recent = await screen.findByRole("region", { name: "Recent" });
    expect(within(recent).getAllByRole("button").map((b) => b.textContent)).toEqual(["Barbell Back Squat", "Barbell Bench Press"]);
    const mostUsed = screen.getByRole("region", { name: "Most used" });
    expect(within(mostUsed).getAllByRole("button").map((b) => b.textContent)).toEqual(["Deadlift"]);
    await user.type(screen.getByLabelText("Exercise name"), "bench");
    expect(within(recent).getAllByRole("button").map((b) => b.textContent)).toEqual(["Barbell Bench Press"]);
    expect(screen.queryByRole("region", { name: "Most used" })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText("Exercise name"));
    await user.type(screen.getByLabelText("Exercise name"), "curl");
    expect(screen.queryByRole("region", { name: "Recent" })).not.toBeInTheDocument();
  });
});
