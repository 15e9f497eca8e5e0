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

const squat = (reps: number, setKind: NewSet["setKind"]): NewSet => ({
  kind: "strength", exercise: "Squat", category: "free-weights", weight: 60, reps, rpe: null, setKind,
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

afterEach(() => vi.restoreAllMocks());

describe("a set logged offline", () => {
  it("keeps its kind in the queue, on the screen and when the queue is replayed", async () => {
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
    const rows = () => (hook.result.current.sets.data ?? []).map((set) => `${set.reps} ${set.kind || "normal"}${set.queued ? " queued" : ""}`);
    setOnline(false);

    let logged: LoggedSet | undefined;
    await act(async () => {
      logged = await hook.result.current.save.mutateAsync({ id: null, input: squat(5, "warmup") });
    });
    expect(logged).toMatchObject({ kind: "warmup", queued: true });
    await waitFor(() => expect(rows()).toEqual(["5 warmup queued"]));
    await act(async () => {
      await hook.result.current.save.mutateAsync({ id: logged!.id, input: squat(6, "drop") });
    });
    await waitFor(() => expect(rows()).toEqual(["6 drop queued"]));
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);

    setOnline(true);
    render(<OfflineStatus userId={testUser.id} workoutId={null} />, { wrapper });
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
        expect.objectContaining({ reps: 5, kind: "warmup" }),
        expect.objectContaining({ id: logged!.id, reps: 6, kind: "drop" }),
      ]),
    );
  });
});
