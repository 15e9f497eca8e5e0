import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { AsItStood, toLocalInput } from "./as-it-stood";

describe("AsItStood", () => {
  afterEach(() => vi.useRealTimers());

  it("starts at now, to the second, so every change so far is in what it shows", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = new Date(2026, 10, 27, 18, 5, 30);
    vi.setSystemTime(now);
    const requests = mockApi({ [`GET /api/plans/p1/as-of?at=${encodeURIComponent(now.toISOString())}`]: { body: { name: "Push A" } } });
    renderPage(<AsItStood<{ name: string }> path="/api/plans/p1/as-of" what="plan" render={(then) => <p>{then.name}</p>} />, { path: "/" });

    // (jsdom writes the value back with its milliseconds; a browser as set.)
    expect(screen.getByLabelText<HTMLInputElement>("Show the plan as it stood on").value).toMatch(/^2026-11-27T18:05:30(\.000)?$/);
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("Push A")).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([`/api/plans/p1/as-of?at=${encodeURIComponent(now.toISOString())}`]);
  });

  it("writes a moment as the input takes it, in the browser's zone", () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 8, 9))).toBe("2026-01-05T07:08:09");
  });
});
