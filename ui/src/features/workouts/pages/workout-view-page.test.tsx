import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { LoggedSet, Workout } from "../api/types";
import { WorkoutViewPage } from "./workout-view-page";

const workout: Workout = {
  id: "w1", name: null, date: "2026-11-21", startTime: "09:30", finishTime: null, start: "2026-11-21T09:30",
  duration: null, muscleGroups: ["Chest"], volume: null, isFinished: false, allDone: false, userId: testUser.id,
  unit: "kg", exerciseNames: ["Barbell Bench Press"], setCount: 2, fromPlanName: null,
};

const set = (id: string, setNumber: number, done: boolean, pb = false): LoggedSet => ({
  id, session: "w1", exercise: "Barbell Bench Press", setNumber, category: "free-weights", weight: 60 + setNumber * 10,
  reps: 5, rpe: done ? 6 : null, done, pb, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg",
  muscleGroupNames: ["Chest"], disabled: true, distance: null, unit: null, minutes: null, seconds: null, created: "",
});

// The server's sets: the second becomes a done personal best once the server has accepted it.
let accepted = false;
const routes = (done: Parameters<typeof mockApi>[0][string]) => {
  accepted = false;
  return {
    "GET /api/users/user/me": { body: testUser },
    "GET /api/sessions/w1": { body: workout },
    "GET /api/exercise_logs/list/w1": () => ({
      body: { "hydra:member": [set("s1", 1, true), accepted ? { ...set("s2", 2, true, true), rpe: 8 } : set("s2", 2, false), set("s3", 3, false)] },
    }),
    "PUT /api/exercise_logs/done": done,
  };
};

describe("WorkoutViewPage", () => {
  it("shows the heading card and offers the RPE dropdown only on the first undone set", async () => {
    mockApi(routes({ body: { id: "s2", name: "Barbell Bench Press", rpe: 8, pb: true } }));
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    expect(await screen.findByRole("heading", { name: "Workout", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("IN PROGRESS")).toBeInTheDocument();
    expect(screen.queryByText(/^Client:/)).not.toBeInTheDocument();
    expect(await screen.findAllByRole("combobox", { name: /^Mark .* done$/ })).toHaveLength(1);
    expect(screen.getByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" })).toBeInTheDocument();
    for (const name of ["Edit Workout", "Delete Workout", "Finish", "+ Exercise"]) {
      expect(screen.getByRole("link", { name })).toBeInTheDocument();
    }
  });

  it("names the client whose workout a trainer opens, and offers them nothing to change", async () => {
    mockApi({
      ...routes({ status: 403 }),
      "GET /api/sessions/w1": { body: { ...workout, userId: "ada", userDisplayName: "Ada L" } },
    });
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    expect(await screen.findByRole("heading", { name: "Workout", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Client: Ada L")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Workout" })).not.toBeInTheDocument();
  });

  it("gives the next set's dropdown the Done and RPE cells, and icon-only edit and delete buttons", async () => {
    mockApi(routes({ body: { id: "s2", name: "Barbell Bench Press", rpe: 8, pb: true } }));
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    const dropdown = await screen.findByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" });
    expect(dropdown.closest("td")).toHaveAttribute("colspan", "2");
    const table = screen.getByRole("table", { name: "Barbell Bench Press sets" });
    const headers = within(table).getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["Set", "Weight", "Reps", "Done", "RPE", "Options"]);
    // Every row still spans the six columns: the done set shows its tick and RPE apart.
    for (const row of screen.getAllByTestId("set-row")) {
      const columns = within(row).getAllByRole("cell").reduce((sum, cell) => sum + Number(cell.getAttribute("colspan") ?? 1), 0);
      expect(columns).toBe(6);
    }
    const edit = screen.getByRole("link", { name: "Edit Barbell Bench Press set 1" });
    expect(edit).toHaveTextContent("");
    expect(edit.querySelector("svg")).not.toBeNull();
  });

  it("names each set's exercise in circuit layout", async () => {
    mockApi(routes({ body: {} }));
    const user = userEvent.setup();
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    await user.click(await screen.findByText("Circuit Layout"));
    const round = await screen.findByRole("table", { name: "Round 2 sets" });
    expect(within(round).getAllByText("Barbell Bench Press (2)").length).toBeGreaterThan(0);
    expect(within(round).getByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" })).toBeInTheDocument();
  });

  it("shows the plan's notes on the card of a workout started from a plan, its targets as sets to do", async () => {
    const planned = (id: string, n: number): LoggedSet => ({ ...set(id, n, false), planNotes: "Pause at the chest" });
    mockApi({
      ...routes({ body: {} }),
      "GET /api/sessions/w1": { body: { ...workout, fromPlanName: "Push A" } },
      "GET /api/exercise_logs/list/w1": { body: { "hydra:member": [planned("s1", 1), planned("s2", 2)] } },
    });
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    const card = await screen.findByRole("region", { name: "Barbell Bench Press" });
    expect(within(card).getByText("Pause at the chest")).toBeInTheDocument();
    expect(within(card).getByRole("combobox", { name: "Mark Barbell Bench Press set 1 done" })).toBeInTheDocument();
  });

  it("leaves Finish out of the footer of a finished workout", async () => {
    mockApi({
      ...routes({ body: {} }),
      "GET /api/sessions/w1": { body: { ...workout, isFinished: true, finishTime: "10:30", duration: 60, volume: 1000 } },
    });
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getAllByRole("link").map((link) => link.textContent)).toEqual(["Edit Workout", "Delete Workout", "+ Exercise"]);
  });

  it("marks a set done at once and shows the trophy the server awards", async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    mockApi(
      routes(async () => {
        await held;
        accepted = true;
        return { body: { id: "s2", name: "Barbell Bench Press", rpe: 8, pb: true } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    await user.selectOptions(await screen.findByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" }), "8");
    const rows = screen.getAllByTestId("set-row");
    expect(within(rows[1]!).getByRole("img", { name: "Done" })).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText("RPE 8")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Mark Barbell Bench Press set 3 done" })).toBeInTheDocument();
    answer();
    expect(await within(screen.getAllByTestId("set-row")[1]!).findByRole("img", { name: "Personal best" })).toBeInTheDocument();
  });

  it("puts the set back and says so when the server refuses", async () => {
    mockApi(routes(violations(["rpe", "RPE must be between 1 and 10"])));
    const user = userEvent.setup();
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    await user.selectOptions(await screen.findByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" }), "8");
    expect(await screen.findByRole("alert")).toHaveTextContent("The set was not marked done.");
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Mark Barbell Bench Press set 2 done" })).toBeInTheDocument(),
    );
    expect(within(screen.getAllByTestId("set-row")[1]!).queryByRole("img", { name: "Done" })).not.toBeInTheDocument();
  });

  it("shows the workout's notes under its details, every line, and nothing when it has none", async () => {
    mockApi({ ...routes({ status: 403 }), "GET /api/sessions/w1": { body: { ...workout, notes: "Felt strong today\nNew belt" } } });
    const { unmount } = renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });

    const notes = await screen.findByTestId("workout-notes");
    expect(notes).toHaveTextContent("Notes:Felt strong today\nNew belt", { normalizeWhitespace: false });
    expect(within(notes).getByText(/Felt strong today/)).toHaveStyle({ whiteSpace: "pre-wrap" });
    unmount();

    mockApi({ ...routes({ status: 403 }), "GET /api/sessions/w1": { body: { ...workout, notes: "" } } });
    renderPage(<WorkoutViewPage />, { path: "/workouts/view/:id?", url: "/workouts/view/w1" });
    expect(await screen.findByRole("heading", { name: "Workout", level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId("workout-notes")).not.toBeInTheDocument();
    expect(screen.queryByText("Notes:")).not.toBeInTheDocument();
  });
});
