import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import type { SetInput } from "../api/log-set";
import { openChangeQueue, queueChange, queuedChanges, replayChanges, type QueuedChange, type SetChange } from "./queue";

const squat = (reps: number): SetInput => ({ kind: "strength", exercise: "Squat", category: "free-weights", weight: 100, reps, rpe: null, setKind: "", note: "" });

let databases = 0;
async function queueOf(...changes: [string, SetChange][]) {
  const db = await openChangeQueue(`test-${++databases}`);
  for (const [key, change] of changes) {
    await queueChange(db, { userId: "u1", workoutId: "w1", key, change, label: key, weightUnit: "kg" });
  }
  return db;
}

/**
 * A server that acts once per Idempotency-Key (a key sent again gets the first answer, as the
 * real one's does), refuses what refuse says, and loses the answers of the keys in lost: it acts,
 * then the network drops the answer.
 */
function server(refuse: (entry: QueuedChange) => ApiError | null = () => null) {
  const applied: string[] = [];
  const sent: string[] = [];
  const lost = new Set<string>();
  let down = false;
  const send = (entry: QueuedChange) => {
    sent.push(entry.key);
    if (down) return Promise.reject(new ApiError(0, null, null, []));
    const refusal = refuse(entry);
    if (refusal) return Promise.reject(refusal);
    if (!applied.includes(entry.key)) applied.push(entry.key);
    if (lost.delete(entry.key)) return Promise.reject(new ApiError(0, null, null, []));
    return Promise.resolve();
  };
  return { applied, sent, lost, send, setDown: (value: boolean) => (down = value) };
}

describe("the offline queue", () => {
  it("keeps changes in the order made and replays them in that order, then forgets them", async () => {
    const db = await queueOf(
      ["a", { type: "save", setId: "s1", isNew: true, input: squat(5) }],
      ["b", { type: "save", setId: "s2", isNew: true, input: squat(6) }],
      ["c", { type: "save", setId: "s1", isNew: false, input: squat(8) }],
      ["d", { type: "done", setId: "s1", rpe: 8 }],
      ["e", { type: "delete", setId: "s2" }],
    );
    expect((await queuedChanges(db, "u1")).map((entry) => entry.key)).toEqual(["a", "b", "c", "d", "e"]);
    expect(await queuedChanges(db, "someone else")).toEqual([]);

    const api = server();
    expect(await replayChanges(db, "u1", api.send)).toBe("answered");
    expect(api.applied).toEqual(["a", "b", "c", "d", "e"]);
    expect(await queuedChanges(db, "u1")).toEqual([]);
  });

  it("stops where no answer came and sends that change again with its key: the server acts once", async () => {
    const db = await queueOf(
      ["a", { type: "save", setId: "s1", isNew: true, input: squat(5) }],
      ["b", { type: "done", setId: "s1", rpe: 8 }],
      ["c", { type: "save", setId: "s2", isNew: true, input: squat(6) }],
    );
    const api = server();
    api.lost.add("b");
    expect(await replayChanges(db, "u1", api.send)).toBe("stopped");
    expect((await queuedChanges(db, "u1")).map((entry) => entry.key)).toEqual(["b", "c"]);

    api.setDown(true);
    expect(await replayChanges(db, "u1", api.send)).toBe("stopped");
    expect((await queuedChanges(db, "u1")).map((entry) => entry.key)).toEqual(["b", "c"]);

    api.setDown(false);
    expect(await replayChanges(db, "u1", api.send)).toBe("answered");
    expect(api.sent).toEqual(["a", "b", "b", "b", "c"]);
    expect(api.applied).toEqual(["a", "b", "c"]);
    expect(await queuedChanges(db, "u1")).toEqual([]);
  });

  it("keeps a refused change with the server's reason, goes on with the rest, and does not send it again", async () => {
    const db = await queueOf(
      ["a", { type: "save", setId: "s1", isNew: true, input: squat(5) }],
      ["b", { type: "done", setId: "gone", rpe: 8 }],
      ["c", { type: "save", setId: "s2", isNew: true, input: squat(2.5) }],
      ["d", { type: "save", setId: "s3", isNew: true, input: squat(6) }],
    );
    const api = server((entry) => {
      if (entry.key === "b") return new ApiError(404, "Not Found", "Set not found.", []);
      if (entry.key === "c") return new ApiError(422, "Unprocessable", null, [{ propertyPath: "reps", message: "Please enter whole reps from 1 to 1000." }]);
      return null;
    });
    expect(await replayChanges(db, "u1", api.send)).toBe("answered");
    expect(api.applied).toEqual(["a", "d"]);
    const kept = await queuedChanges(db, "u1");
    expect(kept.map(({ key, change, refusal }) => ({ key, change: change.type, refusal }))).toEqual([
      { key: "b", change: "done", refusal: { status: 404, message: "Set not found." } },
      { key: "c", change: "save", refusal: { status: 422, message: "Please enter whole reps from 1 to 1000." } },
    ]);

    expect(await replayChanges(db, "u1", api.send)).toBe("answered");
    expect(api.sent).toEqual(["a", "b", "c", "d"]);
    expect(await queuedChanges(db, "u1")).toHaveLength(2);
  });

  it("waits, without refusing, when the session has expired or the server is overloaded", async () => {
    const db = await queueOf(["a", { type: "delete", setId: "s1" }]);
    for (const status of [401, 429, 503]) {
      const api = server(() => new ApiError(status, null, null, []));
      expect(await replayChanges(db, "u1", api.send)).toBe("stopped");
      expect((await queuedChanges(db, "u1"))[0]?.refusal).toBeNull();
    }
  });
});
