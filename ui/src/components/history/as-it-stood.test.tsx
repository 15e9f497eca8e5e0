import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { AsItStood, toLocalInput, UndoButton } from "./as-it-stood";

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

describe("UndoButton", () => {
  it("names the change it will undo, and asks first when undoing it removes a set", async () => {
    let last = { lastChange: "Set 3 of Bench Press logged", removes: true };
    const requests = mockApi({
      "GET /api/sessions/w1/undo": () => ({ body: last }),
      "POST /api/sessions/w1/undo": () => {
        last = { lastChange: "Set 3 of Bench Press deleted", removes: false };
        return { body: {} };
      },
    });
    renderPage(<UndoButton path="/api/sessions/w1/undo" refresh={[]} lastChangeKey={["workouts", "detail", "w1", "last-change"]} />, {
      path: "/",
    });

    expect(await screen.findByText("Last change: Set 3 of Bench Press logged")).toBeInTheDocument();
    const undo = screen.getByRole("button", { name: "Undo last change" });
    expect(undo).toHaveAccessibleDescription("Last change: Set 3 of Bench Press logged");
    await userEvent.click(undo);
    const ask = await screen.findByRole("alertdialog", { name: "Undo removes a set" });
    expect(ask).toHaveTextContent("Undoing “Set 3 of Bench Press logged” removes that set. Remove it?");
    await userEvent.click(screen.getByRole("button", { name: "Keep it" }));
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);

    await userEvent.click(undo);
    await userEvent.click(await screen.findByRole("button", { name: "Remove the set" }));
    expect(await screen.findByText("Last change: Set 3 of Bench Press deleted")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);

    // A change that removes nothing is undone at once.
    await userEvent.click(screen.getByRole("button", { name: "Undo last change" }));
    await waitFor(() => expect(requests.filter((r) => r.method === "POST")).toHaveLength(2));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("says when there is nothing to undo", async () => {
    mockApi({ "GET /api/sessions/w1/undo": { body: { lastChange: null, removes: false } } });
    renderPage(<UndoButton path="/api/sessions/w1/undo" refresh={[]} lastChangeKey={["last"]} />, { path: "/" });
    expect(await screen.findByText("Nothing to undo.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Undo last change" })).toBeDisabled();
  });
});
