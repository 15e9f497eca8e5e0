import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import type { ProgressMetric } from "../api/types";
import { ProgressPage } from "./progress-page";

function metrics(list: ProgressMetric[]) {
  return { body: { "@type": "hydra:Collection", "hydra:member": ["Ada", list], "hydra:totalItems": 2 } };
}

const bench: ProgressMetric = {
  name: "Bench Press",
  start: 60,
  current: 82.5,
  from: "2026-01-05",
  to: "2026-11-21",
  change: "up",
  difference: 22.5,
  unit: "kg",
  set: "9c1",
};
const weight: ProgressMetric = {
  name: "Weight",
  start: 82,
  current: 79.5,
  from: "2026-01-02",
  to: "2026-11-20",
  change: "down",
  difference: -2.5,
  unit: "kg",
};

describe("ProgressPage", () => {
  it("shows a card per personal best with its badge, start and current values and dates", async () => {
    mockApi({
      "GET /api/exercise_logs/personal-bests": metrics([bench]),
      "GET /api/users/progress": metrics([weight]),
    });
    renderPage(<ProgressPage />, { path: "/progress" });

    const personalBests = within(screen.getByRole("region", { name: "Personal Bests" }));
    const card = (await personalBests.findByRole("heading", { name: "Bench Press" })).closest("article");
    expect(card).not.toBeNull();
    const pb = within(card as HTMLElement);
    expect(pb.getByText("Up +22.5 kg")).toBeInTheDocument();
    expect(pb.getByText("60 kg on 05/01/2026")).toBeInTheDocument();
    expect(pb.getByText("82.5 kg on 21/11/2026")).toBeInTheDocument();

    const sizeAndWeight = within(screen.getByRole("region", { name: "Size & Weight" }));
    const weightCard = within((await sizeAndWeight.findByRole("heading", { name: "Weight" })).closest("article") as HTMLElement);
    expect(weightCard.getByText("Down -2.5 kg")).toBeInTheDocument();
    expect(weightCard.getByText("79.5 kg on 20/11/2026")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Charts" })).toHaveAttribute("href", "/progress/charts");
  });

  it("shows the empty texts when there is nothing to compare", async () => {
    mockApi({
      "GET /api/exercise_logs/personal-bests": metrics([]),
      "GET /api/users/progress": metrics([]),
    });
    renderPage(<ProgressPage />, { path: "/progress" });

    const personalBests = within(screen.getByRole("region", { name: "Personal Bests" }));
    expect(await personalBests.findByText("No PBs to show")).toBeInTheDocument();
    const sizeAndWeight = within(screen.getByRole("region", { name: "Size & Weight" }));
    expect(await sizeAndWeight.findByText("No changes to show")).toBeInTheDocument();
  });

  it("asks for a trainer's client by the userFilter of the address (sent as user.displayName), names them, and keeps it on the Charts link", async () => {
    const requests = mockApi({
      "GET /api/exercise_logs/personal-bests?user.displayName=Bob": metrics([]),
      "GET /api/users/progress?user.displayName=Bob": metrics([]),
    });
    renderPage(<ProgressPage />, { path: "/progress", url: "/progress?userFilter=Bob" });

    expect(await screen.findByText("No PBs to show")).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContain("/api/users/progress?user.displayName=Bob");
    expect(screen.getByText("Client: Bob")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Charts" })).toHaveAttribute("href", "/progress/charts?userFilter=Bob");
  });

  it("says a filter naming no confirmed client is one, in place of the panes", async () => {
    const forbidden = { status: 403, body: { "@type": "hydra:Error", "hydra:title": "An error occurred", "hydra:description": "Access Denied." } };
    mockApi({
      "GET /api/exercise_logs/personal-bests?user.displayName=sam": forbidden,
      "GET /api/users/progress?user.displayName=sam": forbidden,
    });
    renderPage(<ProgressPage />, { path: "/progress", url: "/progress?userFilter=sam" });

    expect(await screen.findByText("No confirmed client of yours is called “sam”.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Personal Bests" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show my own" })).toBeInTheDocument();
  });
});
