import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { CardioAddPage } from "./cardio-form-page";

const running = {
  name: "Running", category: "Cardio", categoryKey: "cardio", cardio: true, custom: false,
  upper: false, lower: true, unknown: false, disabled: true, muscleGroupIds: [], muscleGroups: [],
};

function setUp(unit: "kg" | "lbs") {
  return mockApi({
    "GET /api/users/user/me": { body: { ...testUser, unit } },
    "GET /api/exercise_details/Running": { body: running },
    "POST /api/plan_exercises/add-cardio": { status: 201, body: { id: "x1", plan: "p1" } },
  });
}

describe("CardioAddPage", () => {
  it.each([
    ["kg", "km"],
    ["lbs", "mi"],
  ] as const)("starts a new target of someone who lifts in %s in %s, and Add Set keeps it", async (unit, distance) => {
    const requests = setUp(unit);
    const user = userEvent.setup();
    renderPage(<CardioAddPage />, { path: "/plan/:id/cardio/add/:name", url: "/plan/p1/cardio/add/Running" });

    expect(await screen.findByLabelText("Unit set 1")).toHaveValue(distance);
    await user.type(screen.getByLabelText("Distance set 1"), "5");
    await user.click(screen.getByRole("button", { name: "Add Set" }));
    expect(screen.getByLabelText("Unit set 2")).toHaveValue(distance);
    await user.click(screen.getByRole("button", { name: /^Save/ }));

    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));
    const sent = requests.find((r) => r.method === "POST")?.body as { targets: { unit: string }[] };
    expect(sent.targets.map((t) => t.unit)).toEqual([distance, distance]);
  });
});
