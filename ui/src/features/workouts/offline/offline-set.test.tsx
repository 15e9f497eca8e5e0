import "fake-indexeddb/auto";
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { system } from "@/app/theme";
import { accountKeys } from "@/features/account";
import { mockApi } from "@/test/api-mock";
import { createTestQueryClient, testUser } from "@/test/render";
import { useSets } from "../api/get-sets";
import { useSaveSet, type NewSet } from "../api/log-set";
import type { LoggedSet } from "../api/types";
import { OfflineStatus } from "./offline-status";

const squat = (reps: number, setKind: NewSet["setKind"], note = ""): NewSet => ({
  kind: "strength", exercise: "Squat", category: "free-weights", weight: 60, reps, rpe: null, setKind, note,
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

afterEach(() => vi.restoreAllMocks());

describe("a set logged offline", () => {
  /** renderOffline renders the workout's sets and the save as the set form uses them, then goes offline. */
  async function renderOffline() {
    const server: LoggedSet[] = [];
    const requests = mockApi({
      "GET /api/exercise_logs/list/w1": () => ({ body: { "hydra:member": server } }),
      "GET /api/sessions/w1": { body: {} },
      "POST /api/exercise_logs/add": (request) => ({ status: 201, body: request.body }),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(accountKeys.me(), testUser);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ChakraProvider>
    );
    const hook = renderHook(() => ({ sets: useSets("w1"), save: useSaveSet("w1") }), { wrapper });
    await waitFor(() => expect(hook.result.current.sets.isSuccess).toBe(true));
    setOnline(false);
    const save = async (id: string | null, input: NewSet) => {
      let saved: LoggedSet | undefined;
      await act(async () => {
        saved = await hook.result.current.save.mutateAsync({ id, input });
      });
      return saved!;
    };
    const sets = () => hook.result.current.sets.data ?? [];
    const posted = () => requests.filter((r) => r.method === "POST").map((r) => r.body);
    const replay = () => {
      setOnline(true);
      render(<OfflineStatus userId={testUser.id} workoutId={null} />, { wrapper });
    };
    return { save, sets, posted, replay };
  }

  it("keeps its kind in the queue, on the screen and when the queue is replayed", async () => {
    const { save, sets, posted, replay } = await renderOffline();
    const rows = () => sets().map((set) => `${set.reps} ${set.kind || "normal"}${set.queued ? " queued" : ""}`);

    const logged = await save(null, squat(5, "warmup"));
    expect(logged).toMatchObject({ kind: "warmup", queued: true });
    await waitFor(() => expect(rows()).toEqual(["5 warmup queued"]));
    await save(logged.id, squat(6, "drop"));
    await waitFor(() => expect(rows()).toEqual(["6 drop queued"]));
    expect(posted()).toEqual([]);

    replay();
    await waitFor(() =>
      expect(posted()).toEqual([
        expect.objectContaining({ reps: 5, kind: "warmup" }),
        expect.objectContaining({ id: logged.id, reps: 6, kind: "drop" }),
      ]),
    );
  });

  it("keeps its note of several lines in the queue, on the screen and when replayed, and an edit that clears it sends it empty", async () => {
    const { save, sets, posted, replay } = await renderOffline();
    const note = "Seat at 4\nLeft shoulder twinge";

    const logged = await save(null, squat(5, "", note));
    expect(logged).toMatchObject({ note, queued: true });
    await waitFor(() => expect(sets().map((set) => set.note)).toEqual([note]));
    await save(logged.id, squat(6, "", ""));
    await waitFor(() => expect(sets().map((set) => `${set.reps} "${set.note}"`)).toEqual(['6 ""']));

    replay();
    await waitFor(() =>
      expect(posted()).toEqual([
        expect.objectContaining({ reps: 5, note }),
        expect.objectContaining({ id: logged.id, reps: 6, note: "" }),
      ]),
    );
  });
});
