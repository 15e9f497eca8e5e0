import "fake-indexeddb/auto";
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { openChangeQueue, queueChange } from "./queue";
import { startReplay, useQueuedChanges } from "./sync";

describe("replaying the queue", () => {
  it("keeps showing a replayed change until the server's own lists come back, asking again soon", async () => {
    const db = await openChangeQueue();
    await queueChange(db, {
      userId: "u1",
      workoutId: "w1",
      key: "k1",
      change: { type: "done", setId: "s1", rpe: 8 },
      label: "Squat, set 1 (100 kg x 5)",
      weightUnit: "kg",
    });
    const { result } = renderHook(() => useQueuedChanges());
    await waitFor(() => expect(result.current).toHaveLength(1));
    const sent: string[] = [];
    const refreshes: string[][] = [];
    const stop = startReplay({
      userId: "u1",
      send: (entry) => {
        sent.push(entry.key);
        return Promise.resolve();
      },
      // The first time only the service worker's copy came back (api-client.ts: status 0).
      refresh: (workoutIds) => {
        refreshes.push(workoutIds);
        return refreshes.length === 1 ? Promise.reject(new ApiError(0, null, null, [])) : Promise.resolve();
      },
    });
    try {
      await waitFor(() => expect(refreshes).toEqual([["w1"]]));
      expect(sent).toEqual(["k1"]);
      expect(result.current.map((entry) => entry.key)).toEqual(["k1"]);

      await waitFor(() => expect(refreshes).toEqual([["w1"], ["w1"]]), { timeout: 5_000 });
      await waitFor(() => expect(result.current).toEqual([]));
      expect(sent).toEqual(["k1"]);
    } finally {
      stop();
    }
  });
});
