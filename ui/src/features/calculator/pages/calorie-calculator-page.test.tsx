import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { CalculatorResult } from "../api/types";
import { CalorieCalculatorPage } from "./calorie-calculator-page";

const ingredient = (name: string, amount: number, unit = "g") => ({
  name,
  amount,
  unit,
  calories: 100,
  protein: 1.5,
  carbs: 2.5,
  fat: 3.5,
});

const result: CalculatorResult = {
  maintenanceCalories: 2507,
  targetCalories: 2256,
  macros: { protein: 169, carbs: 226, fat: 75 },
  meals: [
    {
      meal: "breakfast",
      name: "Omelette with toast",
      calories: 496,
      macros: { protein: 37, carbs: 50, fat: 17 },
      ingredients: [ingredient("Eggs", 180), ingredient("Bread", 101), ingredient("Cheese", 50)],
    },
    {
      meal: "lunch",
      name: "Chicken and salad sandwich",
      calories: 632,
      macros: { protein: 47, carbs: 63, fat: 21 },
      ingredients: [ingredient("Bread", 128), ingredient("Chicken breast", 150), ingredient("Mayo", 15), ingredient("Salad", 20)],
    },
    {
      meal: "dinner",
      name: "Chilli con carne",
      calories: 1128,
      macros: { protein: 85, carbs: 113, fat: 38 },
      ingredients: [ingredient("Mince", 250), ingredient("Rice", 300), ingredient("Sauce", 150, "ml"), ingredient("Cheese", 50)],
    },
  ],
};

describe("CalorieCalculatorPage", () => {
  it("starts a visitor at age 30, 170 cm, 70 kg, moderate, lose, and shows the answer", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { status: 401 },
      "POST /api/calculator": { body: result },
    });
    const user = userEvent.setup();
    renderPage(<CalorieCalculatorPage />, { path: "/tools/calorie-calculator" });

    expect(await screen.findByLabelText("Age")).toHaveValue(30);
    expect(screen.getByLabelText("Height (cm)")).toHaveValue(170);
    expect(screen.getByLabelText("Weight (kg)")).toHaveValue(70);
    expect(screen.getByLabelText("Activity level")).toHaveValue("moderate");
    expect(screen.getByLabelText("Goal")).toHaveValue("lose");

    await user.click(screen.getByRole("button", { name: "Calculate" }));
    expect(await screen.findByText("Please choose a gender")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Gender"), "Male");
    await user.click(screen.getByRole("button", { name: "Calculate" }));

    expect(await screen.findByTestId("target-calories")).toHaveTextContent("2256 kcal");
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      age: 30,
      height: 170,
      weight: 70,
      gender: "Male",
      activityLevel: "moderate",
      goal: "lose",
    });
    const dinner = screen.getByRole("article", { name: "Dinner" });
    expect(within(dinner).getByRole("heading")).toHaveTextContent("Dinner: Chilli con carne");
    expect(within(dinner).getByText("150 ml")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Breakfast: Omelette with toast" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Lunch: Chicken and salad sandwich" })).toBeInTheDocument();
    const lunch = screen.getByRole("article", { name: "Lunch" });
    expect(within(lunch).getByText("Target 632 kcal · the ingredients below add up to 400 kcal")).toBeInTheDocument();
    const total = within(within(lunch).getByRole("table", { name: "Lunch ingredients" })).getAllByRole("row").at(-1);
    expect(total).toHaveTextContent(/^Total\s*400\s*6 g\s*10 g\s*14 g$/);
  });

  it("starts a signed-in user at their own values", async () => {
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, age: 41, height: 182, currentWeightKg: 88.5, gender: "Female" } },
    });
    renderPage(<CalorieCalculatorPage />, { path: "/tools/calorie-calculator" });

    expect(await screen.findByLabelText("Age")).toHaveValue(41);
    expect(screen.getByLabelText("Height (cm)")).toHaveValue(182);
    expect(screen.getByLabelText("Weight (kg)")).toHaveValue(88.5);
    expect(screen.getByLabelText("Gender")).toHaveValue("Female");
  });
});
