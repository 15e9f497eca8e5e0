import { ChakraProvider } from "@chakra-ui/react";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { system } from "@/app/theme";
import { RestTimer } from "./rest-timer";

describe("RestTimer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("counts up from 00:00, grey after a minute and warning after two", () => {
    render(
      <ChakraProvider value={system}>
        <RestTimer since={Date.now()} />
      </ChakraProvider>,
    );
    const timer = screen.getByRole("timer");
    expect(timer).toHaveTextContent("Rest 00:00");
    expect(timer).toHaveAttribute("data-phase", "fresh");
    act(() => vi.advanceTimersByTime(61_000));
    expect(timer).toHaveTextContent("Rest 01:01");
    expect(timer).toHaveAttribute("data-phase", "grey");
    act(() => vi.advanceTimersByTime(60_000));
    expect(timer).toHaveTextContent("Rest 02:01");
    expect(timer).toHaveAttribute("data-phase", "warning");
  });
});
