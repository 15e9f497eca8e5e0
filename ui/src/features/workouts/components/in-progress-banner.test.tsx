import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { clearInProgressMarkers, forgetInProgress, readInProgress } from "../model/in-progress";
import { InProgressBanner } from "./in-progress-banner";

describe("InProgressBanner", () => {
  afterEach(() => clearInProgressMarkers());

  it("asks the server once per signed-in period and shows Overview and Finish", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/sessions/unfinished": { body: { id: "w1", start: "2026-11-21T09:30" } },
    });
    const first = renderPage(<InProgressBanner />, { path: "/" });

    expect(await screen.findByText("WORKOUT IN PROGRESS")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Overview" })).toHaveAttribute("href", "/workouts/view/w1");
    expect(screen.getByRole("link", { name: "Finish" })).toHaveAttribute("href", "/workouts/finish/w1");

    act(() => forgetInProgress());
    expect(screen.queryByText("WORKOUT IN PROGRESS")).not.toBeInTheDocument();
    first.unmount();
    renderPage(<InProgressBanner />, { path: "/" });
    await screen.findByTestId("location");
    await waitFor(() => expect(requests.filter((r) => r.url === "/api/users/user/me")).toHaveLength(2));
    expect(requests.filter((r) => r.url === "/api/sessions/unfinished")).toHaveLength(1);
    expect(screen.queryByText("WORKOUT IN PROGRESS")).not.toBeInTheDocument();
  });

  it("shows nothing and clears the markers when nobody is signed in", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401, body: {} } });
    localStorage.setItem("gymlog.workoutInProgress", JSON.stringify({ id: "w1", start: "s" }));
    renderPage(<InProgressBanner />, { path: "/" });

    await waitFor(() => expect(readInProgress()).toBeNull());
    expect(screen.queryByText("WORKOUT IN PROGRESS")).not.toBeInTheDocument();
  });
});
