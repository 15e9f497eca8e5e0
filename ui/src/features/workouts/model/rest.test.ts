import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearRests, startRest, useRest } from "./rest";

describe("rest timer storage", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("keeps the rest in localStorage by workout, so it survives a reload and a closed tab", () => {
    startRest("w1", "Squat", 1_000);
    sessionStorage.clear();

    const { result } = renderHook(() => useRest("w1"));
    expect(result.current).toEqual({ workoutId: "w1", exercise: "Squat", at: 1_000 });
    expect(renderHook(() => useRest("w2")).result.current).toBeNull();
  });

  it("forgets the rests of other workouts when one starts, and all of them on clearRests", () => {
    startRest("w1", "Squat", 1_000);
    const { result } = renderHook(() => useRest("w2"));
    act(() => startRest("w2", "Bench", 2_000));

    expect(result.current).toEqual({ workoutId: "w2", exercise: "Bench", at: 2_000 });
    expect(localStorage.getItem("gymlog.rest.w1")).toBeNull();
    act(() => clearRests());
    expect(result.current).toBeNull();
  });
});
