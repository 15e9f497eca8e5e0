import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations, type MockResponse } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { StrengthAddPage } from "./strength-form-page";

const bench = {
  name: "Barbell Bench Press", category: "Free Weights", categoryKey: "free-weights", cardio: false, custom: false,
  upper: true, lower: false, unknown: false, disabled: true, muscleGroupIds: [1, 11, 9], muscleGroups: ["Chest", "Triceps", "Shoulders"],
};
const groups = [
  { id: 1, name: "Chest", category: "Upper body" },
  { id: 9, name: "Shoulders", category: "Upper body" },
  { id: 11, name: "Triceps", category: "Upper body" },
  { id: 8, name: "Biceps", category: "Upper body" },
];

function setUp(save: MockResponse) {
  return mockApi({
    "GET /api/users/user/me": { body: testUser },
    "GET /api/exercise_details/Barbell%20Bench%20Press": { body: bench },
    "GET /api/muscle-groups/list": { body: { "hydra:member": groups } },
    "POST /api/plan_exercises/add": save,
  });
}

const renderAdd = () =>
  renderPage(<StrengthAddPage />, {
    path: "/plan/:id/exercises/add/:name",
    url: "/plan/p1/exercises/add/Barbell%20Bench%20Press?category=free-weights",
  });

describe("StrengthAddPage", () => {
  it("copies the previous row on Add Set, keeps the first row, and saves the rows by the spec's rules", async () => {
    const requests = setUp({ status: 201, body: { id: "x1", plan: "p1" } });
    const user = userEvent.setup();
    renderAdd();

    await user.type(await screen.findByLabelText("Weight set 1"), "60.555");
    await user.type(screen.getByLabelText("Reps set 1"), "8");
    expect(screen.queryByRole("button", { name: "Remove set 1" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Set" }));
    expect(screen.getByLabelText("Weight set 2")).toHaveValue(60.555);
    expect(screen.getByLabelText("Reps set 2")).toHaveValue(8);
    await user.click(screen.getByRole("button", { name: "Add Set" }));
    await user.clear(screen.getByLabelText("Reps set 3"));
    await user.click(screen.getByRole("button", { name: "Remove set 2" }));
    expect(screen.getAllByTestId("target-row")).toHaveLength(2);
    // The locked built-in's muscle groups are badges, not checkboxes.
    expect(within(screen.getByLabelText("Muscle groups")).getByText("Triceps")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();

    // Training Intel comes before the buttons: on a phone the last sessions show before Save.
    const save = screen.getByRole("button", { name: "Save & Next Exercise" });
    expect(screen.getByLabelText("Training Intel").compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(save);

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/plan/p1/exercises/new"));
    const sent = requests.find((r) => r.method === "POST");
    expect(sent?.body).toEqual({
      plan: "p1",
      exercise: "Barbell Bench Press",
      category: "free-weights",
      targets: [
        { weight: 60.56, reps: 8 },
        { weight: 60.56, reps: 0 },
      ],
      notes: "",
      muscleGroups: [1, 11, 9],
    });
  });

  it("puts a refused row's message under its cell and stays on the form", async () => {
    setUp(violations(["reps_2", "Please enter whole reps from 1 to 1000."], ["category", "Please choose a category."]));
    const user = userEvent.setup();
    renderAdd();

    await user.type(await screen.findByLabelText("Weight set 1"), "60");
    await user.type(screen.getByLabelText("Reps set 1"), "8");
    await user.click(screen.getByRole("button", { name: "Add Set" }));
    await user.clear(screen.getByLabelText("Reps set 2"));
    await user.click(screen.getByRole("button", { name: "Save & Next Exercise" }));

    const rows = await screen.findAllByTestId("target-row");
    expect(await within(rows[1]!).findByText("Please enter whole reps from 1 to 1000.")).toBeInTheDocument();
    expect(screen.getByLabelText("Reps set 2")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Please choose a category.");
    expect(screen.getByTestId("location")).toHaveTextContent("/plan/p1/exercises/add/");
  });

  it("lets the muscle groups of a new custom exercise be chosen, and saves bodyweight rows without weight", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/muscle-groups/list": { body: { "hydra:member": groups } },
      "POST /api/plan_exercises/add": { status: 201, body: { id: "x2", plan: "p1" } },
    });
    const user = userEvent.setup();
    renderPage(<StrengthAddPage />, { path: "/plan/:id/exercises/add/:name", url: "/plan/p1/exercises/add/Ring%20Dip?category=bodyweight" });

    await user.type(await screen.findByLabelText("Reps set 1"), "10");
    expect(screen.queryByLabelText("Weight set 1")).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Triceps" }));
    // Spec 1 puts id 8's box on the right on the workout's Exercise muscle groups screen only.
    const side = (name: string) => screen.getByText(name).closest("[data-checkbox-side]")?.getAttribute("data-checkbox-side");
    expect([side("Biceps"), side("Triceps")]).toEqual(["left", "left"]);
    await user.click(screen.getByRole("button", { name: "More ways to save" }));
    await screen.findByRole("menuitem", { name: "Save & View Plan" });
    await user.keyboard("{ArrowDown}{Enter}");

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/plan/p1/view"));
    expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({
      exercise: "Ring Dip",
      category: "bodyweight",
      targets: [{ reps: 10 }],
      muscleGroups: [11],
    });
  });
});
