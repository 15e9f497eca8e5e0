import { describe, expect, it } from "vitest";
import { deriveId, newSetId } from "./set-id";

// The same figures as the server's test (httpapi/offline_test.go): the device names a set logged
// offline as the server will.
describe("newSetId", () => {
  it("derives ids as eventstore.DeriveID does", async () => {
    expect(await deriveId("command", "POST /api/exercise_logs/add", "key-1")).toBe("c2f07e88-8c52-5df6-9261-06baec81fa30");
    expect(await deriveId("ü", "x")).toBe("c372ae60-310c-5231-8fdc-be32013ecfe7");
  });

  it("gives a set the id the server derives from the workout and the key", async () => {
    expect(await newSetId("0b5a6c1e-2f7d-4a3b-9c8e-1d2f3a4b5c6d", "strength", "key-1")).toBe("e817eb8b-9277-57d7-a0d7-b4f0c2ebfcf3");
    expect(await newSetId("0b5a6c1e-2f7d-4a3b-9c8e-1d2f3a4b5c6d", "cardio", "key-1")).not.toBe("e817eb8b-9277-57d7-a0d7-b4f0c2ebfcf3");
  });
});
