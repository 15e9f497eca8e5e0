import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "@/test/render";
import { ExerciseNameForm, useExerciseName } from "./exercise-name-form";

function Picker() {
  const exerciseName = useExerciseName((exercise) => `/log/${encodeURIComponent(exercise)}`);
  return (
    <ExerciseNameForm title="Select Something" backTo="/workouts/exercises/new/w1" exerciseName={exerciseName}>
      <button type="button" onClick={() => exerciseName.pick("Rowing")}>
        Rowing
      </button>
      <p>Typed: {exerciseName.name}</p>
    </ExerciseNameForm>
  );
}

describe("ExerciseNameForm", () => {
  it("asks for a name when Next is pressed with none", async () => {
    const user = userEvent.setup();
    renderPage(<Picker />, { path: "/select" });

    await user.type(screen.getByLabelText("Exercise name"), "   ");
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Please enter an exercise name")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/select");
  });

  it("goes on with the typed name trimmed, and gives the page what is typed", async () => {
    const user = userEvent.setup();
    renderPage(<Picker />, { path: "/select" });

    expect(screen.getByRole("link", { name: "Exercise Type" })).toHaveAttribute("href", "/workouts/exercises/new/w1");
    await user.type(screen.getByLabelText("Exercise name"), " Sled Push ");
    expect(screen.getByText("Typed: Sled Push")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByTestId("location")).toHaveTextContent("/log/Sled%20Push");
  });

  it("goes on with a picked suggestion", async () => {
    const user = userEvent.setup();
    renderPage(<Picker />, { path: "/select" });

    await user.click(screen.getByRole("button", { name: "Rowing" }));

    expect(await screen.findByTestId("location")).toHaveTextContent("/log/Rowing");
  });
});
