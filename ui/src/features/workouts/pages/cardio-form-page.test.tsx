import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, type RecordedRequest } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { LoggedSet } from "../api/types";
import { CardioFormPage } from "./cardio-form-page";

const run = (unit: LoggedSet["unit"]): LoggedSet => ({
  id: "s1", session: "w1", exercise: "Running", setNumber: 1, category: "cardio", weight: null, reps: null, rpe: null,
  done: true, pb: false, isBodyweight: false, isCardio: true, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: true, distance: 1, unit, minutes: 10, seconds: 0, created: "",
});

function renderAdd(weightUnit: "kg" | "lbs", sets: LoggedSet[]) {
  const requests = mockApi({
    "GET /api/users/user/me": { body: { ...testUser, unit: weightUnit } },
    "GET /api/exercise_logs/list/w1": { body: { "hydra:member": sets } },
    "POST /api/exercise_logs/add-cardio": (request) => ({ status: 201, body: { ...run("km"), ...(request.body as object) } }),
  });
  renderPage(<CardioFormPage mode="add" />, { path: "/workouts/:id/cardio/add/:name", url: "/workouts/w1/cardio/add/Running" });
  return requests;
}

const posted = (requests: RecordedRequest[]) => requests.filter((r) => r.method === "POST").map((r) => r.body);

describe("CardioFormPage", () => {
  it("starts an exercise's first entry in the person's distance unit", async () => {
    renderAdd("lbs", []);
    expect(await screen.findByLabelText("Unit")).toHaveValue("mi");
  });

  it("starts a later entry in the unit of the one before", async () => {
    renderAdd("kg", [run("m")]);
    expect(await screen.findByLabelText("Unit")).toHaveValue("m");
  });

  it("starts a new entry with a note of its own and sends the note typed", async () => {
    const requests = renderAdd("kg", [{ ...run("km"), note: "Treadmill 3" }]);
    const user = userEvent.setup();

    const note = await screen.findByRole("textbox", { name: "Note" });
    expect(note).toHaveValue("");
    await user.type(note, "Intervals{Enter}Knee fine");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(posted(requests)).toEqual([expect.objectContaining({ distance: 1, note: "Intervals\nKnee fine" })]));
  });

  it("shows an edited entry's note and sends it again, or empty once cleared", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/exercise_logs/list/w1": { body: { "hydra:member": [{ ...run("km"), note: "Treadmill 3" }] } },
      "POST /api/exercise_logs/add-cardio": (request) => ({ body: { ...run("km"), ...(request.body as object) } }),
    });
    const user = userEvent.setup();
    renderPage(<CardioFormPage mode="edit" />, { path: "/workouts/:id/cardio/edit/:exercise", url: "/workouts/w1/cardio/edit/s1" });

    const note = await screen.findByRole("textbox", { name: "Note" });
    expect(note).toHaveValue("Treadmill 3");
    await user.clear(note);
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(posted(requests)).toEqual([expect.objectContaining({ id: "s1", note: "" })]));
  });
});
