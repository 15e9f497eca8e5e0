import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { mockApi, violations, type MockResponse, type RecordedRequest } from "@/test/api-mock";
import { createTestQueryClient } from "@/test/render";
import { useSets } from "./get-sets";
import { saveSet, useSaveSet, type NewCardio, type NewSet } from "./log-set";
import { useMarkDone } from "./mark-done";
import type { LoggedSet } from "./types";
import { workoutKeys } from "./workout-keys";

const saved = (id: string, setNumber: number, reps: number, done = false): LoggedSet => ({
  id, session: "w1", exercise: "Squat", setNumber, category: "free-weights", weight: 100, reps, rpe: done ? 7 : null,
  done, pb: false, isBodyweight: false, isCardio: false, planNotes: null, weightUnit: "kg", muscleGroupNames: [],
  disabled: false, distance: null, unit: null, minutes: null, seconds: null, created: "",
});

const squat = (reps: number): NewSet => ({ kind: "strength", exercise: "Squat", category: "free-weights", weight: 100, reps, rpe: null, setKind: "", note: "" });

/** A server whose answers to POST /api/exercise_logs/add the test releases one by one. */
function heldServer() {
  const server: LoggedSet[] = [saved("s1", 1, 5)];
  const waiting: { request: RecordedRequest; answer: (response: MockResponse) => void }[] = [];
  const requests = mockApi({
    "GET /api/exercise_logs/list/w1": () => ({ body: { "hydra:member": server } }),
    "GET /api/sessions/w1": { body: {} },
    "POST /api/exercise_logs/add": (request) => new Promise((answer) => waiting.push({ request, answer })),
    "PUT /api/exercise_logs/done": violations(["rpe", "Please choose an RPE from 1 to 10."]),
  });
  /** answer releases the oldest save still waiting: saved (numbered as the server does) or refused. */
  const answer = async (refuse: boolean) => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    const { request, answer: respond } = waiting.shift()!;
    if (refuse) return respond(violations(["reps", "Please enter whole reps from 1 to 1000."]));
    const set = saved(`s${server.length + 1}`, server.length + 1, (request.body as { reps: number }).reps);
    server.push(set);
    respond({ status: 201, body: set });
  };
  const listReads = () => requests.filter((r) => r.method === "GET" && r.url === "/api/exercise_logs/list/w1").length;
  const saves = () => requests.filter((r) => r.method === "POST").length;
  return { answer, listReads, saves };
}

/** renderSaveSet renders the hooks as the set form and workout view use them, once the sets are loaded. */
async function renderSaveSet() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(() => ({ sets: useSets("w1"), save: useSaveSet("w1"), markDone: useMarkDone("w1") }), { wrapper });
  await waitFor(() => expect(hook.result.current.sets.isSuccess).toBe(true));
  const rows = () =>
    (queryClient.getQueryData<LoggedSet[]>(workoutKeys.sets("w1")) ?? []).map(
      (set) => `${set.setNumber}: ${set.reps}${set.pending ? " (pending)" : ""}`,
    );
  return { hook, rows, wrapper };
}

describe("useSaveSet", () => {
  it("keeps a row for every set logged back to back, takes back only the refused one, and refetches once at the end", async () => {
    const server = heldServer();
    const { hook, rows, wrapper } = await renderSaveSet();
    const refusals: unknown[] = [];

    act(() => {
      for (const reps of [6, 7, 8]) {
        hook.result.current.save.mutateAsync({ id: null, input: squat(reps) }).catch((error: unknown) => refusals.push(error));
      }
    });
    await waitFor(() => expect(rows()).toEqual(["1: 5", "2: 6 (pending)", "3: 7 (pending)", "4: 8 (pending)"]));
    // One at a time, in the order logged: the server numbers sets as they arrive.
    expect(server.saves()).toBe(1);
    // Opening the workout meanwhile shows the pending rows instead of refetching them away.
    renderHook(() => useSets("w1"), { wrapper });
    expect(server.listReads()).toBe(1);

    await server.answer(false);
    await waitFor(() => expect(rows()).toEqual(["1: 5", "2: 6", "3: 7 (pending)", "4: 8 (pending)"]));
    await server.answer(true);
    await waitFor(() => expect(rows()).toEqual(["1: 5", "2: 6", "3: 8 (pending)"]));
    expect(refusals).toHaveLength(1);
    expect(server.listReads()).toBe(1);

    await server.answer(false);
    await waitFor(() => expect(server.listReads()).toBe(2));
    expect(rows()).toEqual(["1: 5", "2: 6", "3: 8"]);
    expect(server.saves()).toBe(3);
  });

  it("a refused mark-done puts back only its own set, leaving a set logged meanwhile in the list", async () => {
    const server = heldServer();
    const { hook, rows } = await renderSaveSet();

    act(() => {
      void hook.result.current.save.mutateAsync({ id: null, input: squat(6) });
    });
    await waitFor(() => expect(rows()).toEqual(["1: 5", "2: 6 (pending)"]));
    await act(async () => {
      await hook.result.current.markDone.mutateAsync({ id: "s1", rpe: 7 }).catch(() => undefined);
    });
    expect(rows()).toEqual(["1: 5", "2: 6 (pending)"]);
    expect(server.listReads()).toBe(1);

    await server.answer(false);
    await waitFor(() => expect(server.listReads()).toBe(2));
    expect(rows()).toEqual(["1: 5", "2: 6"]);
  });
});

describe("saveSet", () => {
  it("replays a save queued before sets had notes: a new set with an empty note, an edit with none, which keeps the set's", async () => {
    const requests = mockApi({
      "POST /api/exercise_logs/add": (request) => ({ status: 201, body: request.body }),
      "POST /api/exercise_logs/add-cardio": (request) => ({ status: 201, body: request.body }),
    });
    // As IndexedDB gives such saves back: no note at all.
    const squatBefore = { kind: "strength", exercise: "Squat", category: "free-weights", weight: 100, reps: 5, rpe: null, setKind: "" } as NewSet;
    const rowBefore = { kind: "cardio", exercise: "Rowing", distance: 2, unit: "km", minutes: 8, seconds: 0, rpe: null } as NewCardio;

    await saveSet("w1", null, squatBefore);
    await saveSet("w1", "s1", squatBefore);
    await saveSet("w1", null, rowBefore);
    await saveSet("w1", "c1", rowBefore);

    const notes = requests.map((r) => {
      const body = r.body as { id?: string; note?: string };
      return `${body.id ?? "new"}: ${"note" in body ? JSON.stringify(body.note) : "no note"}`;
    });
    expect(notes).toEqual(['new: ""', "s1: no note", 'new: ""', "c1: no note"]);
  });
});
