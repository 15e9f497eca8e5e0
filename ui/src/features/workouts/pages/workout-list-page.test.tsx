import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { WorkoutListPage } from "./workout-list-page";

describe("WorkoutListPage", () => {
  it("shows the empty text, Add Past Workout, and the share banner when a share query is present", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/sessions/list?page=1": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
    });
    renderPage(<WorkoutListPage />, { path: "/workouts", url: "/workouts?share=I%20just%20finished%20Push" });

    expect(await screen.findByText("Workouts logged will be listed here.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Past Workout" })).toHaveAttribute("href", "/workouts/add");
    expect(screen.getByTestId("share-text")).toHaveTextContent("I just finished Push");
    expect(screen.getByRole("link", { name: "Send" })).toHaveAttribute("href", "https://wa.me/?text=I%20just%20finished%20Push");
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
  });

  it("gives trainers the By column and a Filter by name that lists a client's workouts, which they only view", async () => {
    const row = (id: string, userId: string, by: string) => ({
      id, userId, userDisplayName: by, name: "Legs", date: "2026-11-20", startTime: "18:00", finishTime: "19:00",
      isFinished: true, duration: 60, volume: 1000, unit: "kg", start: "2026-11-20T18:00",
    });
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/sessions/list?page=1": { body: { "hydra:member": [row("w1", testUser.id, "Tia")], "hydra:totalItems": 1 } },
      "GET /api/sessions/list?page=1&userFilter=AdaL": { body: { "hydra:member": [row("w2", "ada", "AdaL")], "hydra:totalItems": 1 } },
    });
    const { router } = renderPage(<WorkoutListPage />, { path: "/workouts" });

    const table = await screen.findByRole("table", { name: "Workouts" });
    expect(within(table).getByRole("columnheader", { name: "By" })).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: /Edit Legs/ })).toBeInTheDocument();

    await userEvent.type(screen.getByRole("combobox", { name: "Filter by name" }), "AdaL");
    await userEvent.click(screen.getByRole("button", { name: "Filter" }));
    expect(await screen.findByRole("cell", { name: "AdaL" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?userFilter=AdaL");
    expect(screen.getByRole("link", { name: /View Legs/ })).toHaveAttribute("href", "/workouts/view/w2");
    expect(screen.queryByRole("link", { name: /Edit Legs/ })).not.toBeInTheDocument();
  });

  it("says a name in the filter is no confirmed client's instead of leaving for Access Denied, and goes back to the trainer's own", async () => {
    const forbidden = { "@type": "hydra:Error", "hydra:title": "An error occurred", "hydra:description": "Access Denied." };
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/sessions/list?page=1": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
      "GET /api/sessions/list?page=1&userFilter=Sam": { status: 403, body: forbidden },
    });
    const { router } = renderPage(<WorkoutListPage />, { path: "/workouts", url: "/workouts?userFilter=Sam" });

    expect(await screen.findByText("No confirmed client of yours is called “Sam”.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Clients" })).toHaveAttribute("href", "/client");
    expect(router.state.location.pathname).toBe("/workouts");

    await userEvent.click(screen.getByRole("button", { name: "Show my own" }));
    expect(await screen.findByText("Workouts logged will be listed here.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(sessionStorage.getItem("gymlog.userFilter")).toBeNull();
  });

  it("takes a client's name typed in another case, or a first name alone, for that confirmed client", async () => {
    const row = (id: string, by: string) => ({
      id, userId: "sam", userDisplayName: by, name: "Legs", date: "2026-11-20", startTime: "18:00", finishTime: "19:00",
      isFinished: true, duration: 60, volume: 1000, unit: "kg", start: "2026-11-20T18:00",
    });
    const client = (clientDisplayName: string, status: string) => ({ id: clientDisplayName, clientId: clientDisplayName, clientDisplayName, status });
    mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/clients/all": { body: { "hydra:member": [client("Sam One", "Confirmed"), client("Sam Two", "Requested"), client("Ada L", "Confirmed")] } },
      "GET /api/sessions/list?page=1": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
      "GET /api/sessions/list?page=1&userFilter=Sam%20One": { body: { "hydra:member": [row("w1", "Sam One")], "hydra:totalItems": 1 } },
    });
    const { router } = renderPage(<WorkoutListPage />, { path: "/workouts" });
    await screen.findByText("Workouts logged will be listed here.");

    await userEvent.type(screen.getByRole("combobox", { name: "Filter by name" }), "sam");
    await userEvent.click(screen.getByRole("button", { name: "Filter" }));
    expect(await screen.findByRole("cell", { name: "Sam One" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?userFilter=Sam+One");
  });

  it("marks a client's workouts changed after their day, and keeps only those when asked", async () => {
    const row = (id: string, late?: number) => ({
      id, userId: "ada", userDisplayName: "AdaL", name: `Legs ${id}`, date: "2026-11-20", startTime: "18:00", finishTime: "19:00",
      isFinished: true, duration: 60, volume: 1000, unit: "kg", start: "2026-11-20T18:00",
      ...(late && { changedAfterTheDay: { daysAfter: late, at: "2026-11-27T18:00:00Z" } }),
    });
    const requests = mockApi({
      "GET /api/users/user/me": { body: { ...testUser, trainer: true } },
      "GET /api/sessions/list?page=1&userFilter=AdaL": { body: { "hydra:member": [row("w1", 7), row("w2")], "hydra:totalItems": 2 } },
      "GET /api/sessions/list?page=1&userFilter=AdaL&changedAfterTheDay=true": {
        body: { "hydra:member": [row("w1", 7)], "hydra:totalItems": 1 },
      },
    });
    const { router } = renderPage(<WorkoutListPage />, { path: "/workouts", url: "/workouts?userFilter=AdaL" });

    const rows = await screen.findAllByTestId("workout-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Changed after the day: edited 7 days after")).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/Changed after the day/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("checkbox", { name: "Changed after the day" }));
    await waitFor(() => expect(screen.getAllByTestId("workout-row")).toHaveLength(1));
    expect(screen.getByText("Legs w1")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?userFilter=AdaL&afterTheDay=1");
    expect(requests.some((r) => r.url.endsWith("changedAfterTheDay=true"))).toBe(true);
  });
});
