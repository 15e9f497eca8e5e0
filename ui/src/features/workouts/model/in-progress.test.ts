import { afterEach, describe, expect, it } from "vitest";
import { clearInProgressMarkers, forgetInProgress, markCheckedFor, readInProgress, rememberInProgress, wasCheckedFor } from "./in-progress";

describe("in-progress markers", () => {
  afterEach(() => clearInProgressMarkers());

  it("keeps the workout until it is forgotten, and forgets only the one named", () => {
    rememberInProgress({ id: "w1", start: "2026-11-21T10:00" });
    forgetInProgress("other");
    expect(readInProgress()).toEqual({ id: "w1", start: "2026-11-21T10:00" });
    forgetInProgress("w1");
    expect(readInProgress()).toBeNull();
  });

  it("asks the server once per user until the markers are cleared", () => {
    expect(wasCheckedFor("u1")).toBe(false);
    markCheckedFor("u1");
    expect(wasCheckedFor("u1")).toBe(true);
    expect(wasCheckedFor("u2")).toBe(false);
    rememberInProgress({ id: "w1", start: "s" });
    clearInProgressMarkers();
    expect(wasCheckedFor("u1")).toBe(false);
    expect(readInProgress()).toBeNull();
  });
});
