import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations, type RecordedRequest } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { LoggedSet } from "../api/types";
import { SetFormPage } from "./set-form-page";

const logged = (id: string, setNumber: number, weight: number | null): LoggedSet => ({
  id, session: "w1", exercise: "Push-up", setNumber, category: "bodyweight", weight, reps: 12, rpe: 6, done: true,
  pb: false, isBodyweight: true, isCardio: false, planNotes: null, weightUnit: null, muscleGroupNames: [],
  disabled: true, distance: null, unit: null, minutes: null, seconds: null, created: "",
});

const empty = { "hydra:member": [] };

function setUp(add: (request: RecordedRequest) => Promise<{ status?: number; body?: unknown }>) {
  let server: LoggedSet[] = [];
  const requests = mockApi({
    "GET /api/users/user/me": { body: testUser },
    "GET /api/exercise_logs/list/w1": () => ({ body: { "hydra:member": server } }),
    "GET /api/exercise_logs/snapshot/Push-up/previous/w1": { body: empty },
    "POST /api/exercise_logs/add": async (request) => {
      const answer = await add(request);
      if ((answer.status ?? 200) < 300) server = [...server, logged("s1", 1, null)];
      return answer;
    },
  });
  return requests;
}

const addUrl = { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=bodyweight" };
const editUrl = { path: "/workouts/:id/exercises/edit/:exercise/:set", url: "/workouts/w1/exercises/edit/Push-up/s1" };

// A server's answer to a save: set 1 as sent.
const savedAsSent = async (request: RecordedRequest) => ({ status: 201, body: { ...logged("s1", 1, null), ...(request.body as object) } });

// One field of every set saved, as sent.
const posted = (requests: RecordedRequest[], field: "kind" | "note" | "id") =>
  requests.filter((r) => r.method === "POST").map((r) => (r.body as Record<string, unknown>)[field]);

/** setUpEdit serves a workout whose one set is the one edited, and answers its saves with the set as sent. */
function setUpEdit(set: LoggedSet) {
  return mockApi({
    "GET /api/users/user/me": { body: testUser },
    "GET /api/exercise_logs/list/w1": { body: { "hydra:member": [set] } },
    "GET /api/exercise_logs/snapshot/Push-up/previous/w1": { body: empty },
    "POST /api/exercise_logs/add": (request) => ({ body: { ...set, ...(request.body as object) } }),
  });
}

describe("SetFormPage (add)", () => {
  it("shows the set label, no weight for bodyweight, the empty texts and the three Save buttons", async () => {
    setUp(async () => ({ status: 201, body: logged("s1", 1, null) }));
    renderPage(<SetFormPage mode="add" />, { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=bodyweight" });

    expect(await screen.findByRole("heading", { name: "Push-up" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Set 1" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Weight/)).not.toBeInTheDocument();
    expect(screen.getByText("This is your first set, go for it!")).toBeInTheDocument();
    expect(await screen.findByText("This exercise has not been logged before.")).toBeInTheDocument();
    for (const name of ["Save & Next Set", "Save & Next Exercise", "Save & View Workout"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("radio", { name: "Easy 1/10" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Hard 10/10" })).toBeInTheDocument();
  });

  it("shows the set at once on Save & Next Set, and sends reps and RPE as integers", async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const requests = setUp(async () => {
      await held;
      return { status: 201, body: logged("s1", 1, null) };
    });
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=bodyweight" });

    await user.type(await screen.findByLabelText("Reps"), "12");
    await user.click(screen.getByRole("radio", { name: "6/10" }));
    await user.click(screen.getByRole("button", { name: "Save & Next Set" }));

    const session = screen.getByRole("region", { name: "Sets this session" });
    expect(within(session).getByText("1. BW x 12")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Set 2" })).toBeInTheDocument();
    answer();
    await waitFor(() => expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      exercise: "Push-up", category: "bodyweight", weight: null, reps: 12, rpe: 6, kind: "", note: "", session: "w1",
    }));
  });

  it("takes the set back and shows the server's message when it is refused", async () => {
    setUp(async () => violations(["reps", "Please enter a whole number of reps"]));
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=bodyweight" });

    await user.type(await screen.findByLabelText("Reps"), "0");
    await user.click(screen.getByRole("button", { name: "Save & Next Set" }));

    expect(await screen.findByText("Please enter a whole number of reps")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByText("This is your first set, go for it!")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Set 1" })).toBeInTheDocument();
  });

  it("pre-fills the next set with the weight as saved, rounded to 2 decimals", async () => {
    const requests = setUp(async () => ({ status: 201, body: logged("s1", 1, 60.56) }));
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=free-weights" });

    await user.type(await screen.findByLabelText("Weight (kg)"), "60.555");
    await user.type(screen.getByLabelText("Reps"), "5");
    await user.click(screen.getByRole("button", { name: "Save & Next Set" }));

    expect(await screen.findByRole("heading", { name: "Set 2" })).toBeInTheDocument();
    expect(screen.getByLabelText("Weight (kg)")).toHaveValue(60.56);
    expect(screen.getByLabelText("Reps")).toHaveValue(5);
    await waitFor(() => expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({ weight: 60.56, reps: 5 }));
  });

  it("sends reps of 2.5 as typed, so the server can say they must be whole", async () => {
    const requests = setUp(async () => violations(["reps", "Please enter whole reps from 1 to 1000."]));
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=bodyweight" });

    await user.type(await screen.findByLabelText("Reps"), "2.5");
    await user.click(screen.getByRole("button", { name: "Save & Next Set" }));

    expect(await screen.findByText("Please enter whole reps from 1 to 1000.")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({ reps: 2.5 });
  });
});

describe("SetFormPage (set type)", () => {
  const setType = () => screen.getByRole("radiogroup", { name: "Set type" });
  const checkedType = () => within(setType()).getByRole("radio", { checked: true });

  it("starts a new set Normal, sends the type chosen, and keeps Warm-up for the next set only", async () => {
    const requests = setUp(savedAsSent);
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, addUrl);
    await user.type(await screen.findByLabelText("Reps"), "10");

    expect(checkedType()).toHaveAccessibleName("Normal");
    for (const name of ["Normal", "Warm-up", "Drop", "Failure"]) expect(within(setType()).getByRole("radio", { name })).toBeInTheDocument();
    await user.click(within(setType()).getByRole("radio", { name: "Warm-up" }));
    await user.click(screen.getByRole("button", { name: "Save & Next Set" }));
    expect(await screen.findByRole("heading", { name: "Set 2" })).toBeInTheDocument();
    expect(checkedType()).toHaveAccessibleName("Warm-up");

    await user.click(within(setType()).getByRole("radio", { name: "Drop" }));
    await user.click(screen.getByRole("button", { name: "Save & Next Set" }));
    expect(await screen.findByRole("heading", { name: "Set 3" })).toBeInTheDocument();
    expect(checkedType()).toHaveAccessibleName("Normal");

    await user.click(screen.getByRole("button", { name: "Save & View Workout" }));
    await waitFor(() => expect(posted(requests, "kind")).toEqual(["warmup", "drop", ""]));
  });

  it("is a radio group the arrow keys move through", async () => {
    setUp(async () => ({ status: 201, body: logged("s1", 1, null) }));
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, addUrl);
    await screen.findByLabelText("Reps");

    act(() => checkedType().focus());
    await user.keyboard("{ArrowRight}");
    expect(checkedType()).toHaveAccessibleName("Warm-up");
    await user.keyboard("{ArrowRight}");
    expect(checkedType()).toHaveAccessibleName("Drop");
  });

  it("shows an edited set's type and sends it again with the set's other fields, changed or not", async () => {
    const failure = { ...logged("s1", 1, null), kind: "failure" as const };
    const requests = setUpEdit(failure);
    const user = userEvent.setup();
    const { unmount } = renderPage(<SetFormPage mode="edit" />, editUrl);

    await screen.findByLabelText("Reps");
    expect(checkedType()).toHaveAccessibleName("Failure");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([expect.objectContaining({ id: "s1", reps: 12, kind: "failure" })]));
    unmount();

    renderPage(<SetFormPage mode="edit" />, editUrl);
    await screen.findByLabelText("Reps");
    await user.click(within(setType()).getByRole("radio", { name: "Normal" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posted(requests, "kind")).toEqual(["failure", ""]));
  });

  it("shows the server's refusal of the type under the choice", async () => {
    const message = "Please choose a normal, warm-up, drop or failure set.";
    setUp(async () => violations(["kind", message]));
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, addUrl);

    await user.type(await screen.findByLabelText("Reps"), "10");
    await user.click(screen.getByRole("button", { name: "Save & View Workout" }));

    await waitFor(() => expect(setType()).toHaveAccessibleDescription(message));
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByRole("alert")).not.toHaveTextContent(message);
  });
});

describe("SetFormPage (note)", () => {

  it("sends the note typed, on several lines, and starts the next set with none", async () => {
    const requests = setUp(savedAsSent);
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, addUrl);

    await user.type(await screen.findByLabelText("Reps"), "10");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveAttribute("placeholder", "Optional");
    await user.type(screen.getByRole("textbox", { name: "Note" }), "Seat at 4{Enter}Left shoulder twinge");
    await user.click(screen.getByRole("button", { name: "Save & Next Set" }));

    expect(await screen.findByRole("heading", { name: "Set 2" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Save & View Workout" }));
    await waitFor(() => expect(posted(requests, "note")).toEqual(["Seat at 4\nLeft shoulder twinge", ""]));
  });

  it("shows an edited set's note and sends it again, changed, kept or cleared", async () => {
    const noted = { ...logged("s1", 1, null), note: "Seat at 4\nLeft shoulder twinge" };
    const requests = setUpEdit(noted);
    const user = userEvent.setup();
    const edit = async (change: (note: HTMLElement) => Promise<void>) => {
      const { unmount } = renderPage(<SetFormPage mode="edit" />, editUrl);
      const note = await screen.findByRole("textbox", { name: "Note" });
      expect(note).toHaveValue("Seat at 4\nLeft shoulder twinge");
      await change(note);
      await user.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/workouts/view/w1"));
      unmount();
    };

    await edit(async () => {});
    await edit((note) => user.type(note, "{Enter}Felt strong"));
    await edit((note) => user.clear(note));
    expect(posted(requests, "note")).toEqual(["Seat at 4\nLeft shoulder twinge", "Seat at 4\nLeft shoulder twinge\nFelt strong", ""]);
    expect(posted(requests, "id")).toEqual(["s1", "s1", "s1"]);
  });

  it("shows the server's refusal of the note under the field", async () => {
    const message = "Please keep the note to at most 1000 characters.";
    setUp(async () => violations(["note", message]));
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, addUrl);

    await user.type(await screen.findByLabelText("Reps"), "10");
    await user.type(screen.getByRole("textbox", { name: "Note" }), "Seat at 4");
    await user.click(screen.getByRole("button", { name: "Save & View Workout" }));

    await waitFor(() => expect(screen.getByRole("textbox", { name: "Note" })).toHaveAccessibleErrorMessage(message));
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("Seat at 4");
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByRole("alert")).not.toHaveTextContent(message);
  });
});

describe("SetFormPage (sets logged back to back)", () => {
  /** A server that numbers Push-up sets as they arrive, refuses 2.5 reps, and answers when released. */
  function setUpHeld() {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let server: LoggedSet[] = [];
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/exercise_logs/list/w1": () => ({ body: { "hydra:member": server } }),
      "GET /api/exercise_logs/snapshot/Push-up/previous/w1": { body: empty },
      "POST /api/exercise_logs/add": async (request) => {
        await held;
        const reps = (request.body as { reps: number }).reps;
        if (!Number.isInteger(reps)) return violations(["reps", "Please enter whole reps from 1 to 1000."]);
        const set = { ...logged(`s${server.length + 1}`, server.length + 1, null), reps, rpe: null, done: false };
        server = [...server, set];
        return { status: 201, body: set };
      },
    });
    return { requests, release };
  }

  const logSet = async (user: ReturnType<typeof userEvent.setup>, reps: string, button = "Save & Next Set") => {
    await user.clear(screen.getByLabelText("Reps"));
    await user.type(screen.getByLabelText("Reps"), reps);
    await user.click(screen.getByRole("button", { name: button }));
  };

  const sessionRows = () =>
    within(screen.getByRole("region", { name: "Sets this session" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent);

  it("keeps every set, takes back only the refused one with the server's reason, and sends them in order", async () => {
    const { requests, release } = setUpHeld();
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=bodyweight" });
    await screen.findByLabelText("Reps");

    await logSet(user, "10");
    await logSet(user, "2.5");
    await logSet(user, "8");
    expect(sessionRows()).toEqual(["1. BW x 10", "2. BW x 2.5", "3. BW x 8"]);
    expect(screen.getByRole("heading", { name: "Set 4" })).toBeInTheDocument();

    release();
    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByRole("alert")).toHaveTextContent("Set 2 (BW x 2.5) was not saved: Please enter whole reps from 1 to 1000.");
    await waitFor(() => expect(sessionRows()).toEqual(["1. BW x 10", "2. BW x 8"]));
    expect(screen.getByRole("heading", { name: "Set 3" })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST").map((r) => (r.body as { reps: number }).reps)).toEqual([10, 2.5, 8]);
  });

  it("stays on the form after Save & View Workout when a set logged before it was refused", async () => {
    const { release } = setUpHeld();
    const user = userEvent.setup();
    renderPage(<SetFormPage mode="add" />, { path: "/workouts/:id/exercises/add/:name", url: "/workouts/w1/exercises/add/Push-up?category=bodyweight" });
    await screen.findByLabelText("Reps");

    await logSet(user, "2.5");
    await logSet(user, "8", "Save & View Workout");
    release();

    expect(await screen.findByRole("alert")).toHaveTextContent("Set 1 (BW x 2.5) was not saved: Please enter whole reps from 1 to 1000.");
    await waitFor(() => expect(sessionRows()).toEqual(["1. BW x 8"]));
    expect(screen.getByTestId("location")).toHaveTextContent("/workouts/w1/exercises/add/Push-up");
  });
});
