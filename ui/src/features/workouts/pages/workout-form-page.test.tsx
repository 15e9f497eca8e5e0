import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations, type RecordedRequest } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { Workout } from "../api/types";
import { WorkoutAddPage, WorkoutEditPage, WorkoutFinishPage } from "./workout-form-routes";

const fromPlan: Workout = {
  id: "w1", name: null, date: "2026-11-21", startTime: "09:30", finishTime: null, start: "2026-11-21T09:30",
  duration: null, muscleGroups: [], volume: null, isFinished: false, allDone: false, userId: testUser.id,
  unit: "kg", exerciseNames: ["Barbell Bench Press"], setCount: 2, fromPlanName: "Push A",
};

function finish(workout: Workout) {
  mockApi({ "GET /api/users/user/me": { body: testUser }, "GET /api/sessions/w1": { body: workout } });
  renderPage(<WorkoutFinishPage />, { path: "/workouts/finish/:id", url: "/workouts/finish/w1" });
}

describe("WorkoutFinishPage", () => {
  it("pre-fills an unnamed workout's name from its plan", async () => {
    finish(fromPlan);

    expect(await screen.findByLabelText("Name (optional)")).toHaveValue("Push A");
  });

  it("keeps a name the workout already has", async () => {
    finish({ ...fromPlan, name: "Monday push" });

    expect(await screen.findByLabelText("Name (optional)")).toHaveValue("Monday push");
  });
});

describe("WorkoutFormPage (notes)", () => {
  const saved = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url} ${JSON.stringify((r.body as { notes?: string }).notes)}`);

  it("sends the notes typed, on several lines, with a past workout", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "POST /api/sessions/add": { status: 201, body: { ...fromPlan, id: "w2" } },
    });
    const user = userEvent.setup();
    renderPage(<WorkoutAddPage />, { path: "/workouts/add", url: "/workouts/add" });

    const notes = await screen.findByRole("textbox", { name: "Notes" });
    expect(notes).toHaveValue("");
    await user.type(notes, "Felt strong today{Enter}New belt");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(saved(requests)).toEqual(['POST /api/sessions/add "Felt strong today\\nNew belt"']));
  });

  it("shows a workout's notes when editing it and sends them again, changed, kept or cleared", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/sessions/w1": { body: { ...fromPlan, notes: "Felt strong today\nNew belt" } },
      "PUT /api/sessions/edit": { body: {} },
    });
    const user = userEvent.setup();
    const edit = async (change: (notes: HTMLElement) => Promise<void>) => {
      const { unmount } = renderPage(<WorkoutEditPage />, { path: "/workouts/edit/:id", url: "/workouts/edit/w1" });
      const notes = await screen.findByRole("textbox", { name: "Notes" });
      expect(notes).toHaveValue("Felt strong today\nNew belt");
      await change(notes);
      await user.click(screen.getByRole("button", { name: "Confirm" }));
      await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/workouts/view/w1"));
      unmount();
    };

    await edit(async () => {});
    await edit((notes) => user.type(notes, "{Enter}Left knee ok"));
    await edit((notes) => user.clear(notes));
    expect(saved(requests)).toEqual([
      'PUT /api/sessions/edit "Felt strong today\\nNew belt"',
      'PUT /api/sessions/edit "Felt strong today\\nNew belt\\nLeft knee ok"',
      'PUT /api/sessions/edit ""',
    ]);
  });

  it("shows the server's refusal of the notes under the field", async () => {
    const message = "Please keep the notes to at most 1000 characters.";
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/sessions/w1": { body: fromPlan },
      "PUT /api/sessions/edit": violations(["notes", message]),
    });
    const user = userEvent.setup();
    renderPage(<WorkoutEditPage />, { path: "/workouts/edit/:id", url: "/workouts/edit/w1" });

    await user.type(await screen.findByRole("textbox", { name: "Notes" }), "Felt strong today");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(screen.getByRole("textbox", { name: "Notes" })).toHaveAccessibleErrorMessage(message));
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
  });
});
