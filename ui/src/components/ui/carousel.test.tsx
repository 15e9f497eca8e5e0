import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { system } from "@/app/theme";
import { stubReducedMotion } from "@/test/reduced-motion";
import { Carousel } from "./carousel";

const slides = ["First", "Second", "Third"].map((text) => ({ id: text, content: <p>{text}</p> }));

function renderCarousel() {
  render(
    <ChakraProvider value={system}>
      <Carousel label="Personal bests" slides={slides} intervalMs={3000} />
    </ChakraProvider>,
  );
  return screen.getByRole("region", { name: "Personal bests" });
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("Carousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("moves to the next slide every interval and wraps round", () => {
    renderCarousel();
    expect(screen.getByText("First")).toBeInTheDocument();
    tick(2999);
    expect(screen.getByText("First")).toBeInTheDocument();
    tick(1);
    expect(screen.getByText("Second")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "2 of 3" })).toBeInTheDocument();
    tick(6000);
    expect(screen.getByText("First")).toBeInTheDocument();
  });

  it("stands still while hovered and moves on when the pointer leaves", () => {
    const carousel = renderCarousel();
    fireEvent.mouseEnter(carousel);
    tick(9000);
    expect(screen.getByText("First")).toBeInTheDocument();
    fireEvent.mouseLeave(carousel);
    tick(3000);
    expect(screen.getByText("Second")).toBeInTheDocument();
  });

  it("stands still while focus is inside it", () => {
    renderCarousel();
    const next = screen.getByRole("button", { name: "Next slide" });
    act(() => next.focus());
    tick(9000);
    expect(screen.getByText("First")).toBeInTheDocument();
    act(() => next.blur());
    tick(3000);
    expect(screen.getByText("Second")).toBeInTheDocument();
  });

  it("stands still under reduced motion, and Previous and Next still move it", () => {
    stubReducedMotion(true);
    renderCarousel();
    tick(12000);
    expect(screen.getByText("First")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pause slides" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(screen.getByText("Third")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(screen.getByText("First")).toBeInTheDocument();
  });

  it("stops on Pause and starts again on Play", () => {
    renderCarousel();
    const pause = screen.getByRole("button", { name: "Pause slides" });
    fireEvent.click(pause);
    act(() => pause.blur());
    tick(9000);
    expect(screen.getByText("First")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Play slides" }));
    act(() => screen.getByRole("button", { name: "Pause slides" }).blur());
    tick(3000);
    expect(screen.getByText("Second")).toBeInTheDocument();
  });
});
