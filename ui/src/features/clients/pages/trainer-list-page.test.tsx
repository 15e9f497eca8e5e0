import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { accountKeys, type User } from "@/features/account";
import { mockApi, type RecordedRequest } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { TrainerRelationship } from "../api/types";
import { TrainerListPage } from "./trainer-list-page";

function page(members: TrainerRelationship[]) {
  return { body: { "@type": "hydra:Collection", "hydra:member": members, "hydra:totalItems": members.length } };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole("cell", { name }).closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const count = (requests: RecordedRequest[], url: string) => requests.filter((request) => request.url === url).length;

describe("TrainerListPage", () => {
  it("shows the empty text when no trainer has asked", async () => {
    mockApi({ "GET /api/trainers?page=1": page([]) });
    renderPage(<TrainerListPage />, { path: "/trainer" });

    expect(await screen.findByText("Trainers who add you as a client will be listed here.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Trainers" })).toBeInTheDocument();
  });

  it("lists the trainers with their status; only requests can be accepted or rejected", async () => {
    mockApi({
      "GET /api/trainers?page=1": page([
        { id: "1", trainerDisplayName: "Coach Kim", status: "Requested" },
        { id: "2", trainerDisplayName: "Coach Lee", status: "Confirmed" },
        { id: "3", trainerDisplayName: "Coach Mo", status: "Rejected" },
      ]),
    });
    renderPage(<TrainerListPage />, { path: "/trainer" });

    const table = await screen.findByRole("table", { name: "Trainers" });
    expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Trainer",
      "Status",
      "Options",
    ]);
    expect(within(rowOf("Coach Kim")).getByText("Requested")).toBeInTheDocument();
    expect(within(rowOf("Coach Kim")).getByRole("button", { name: "Accept" })).toBeInTheDocument();
    expect(within(rowOf("Coach Kim")).getByRole("button", { name: "Reject" })).toBeInTheDocument();
    expect(within(rowOf("Coach Lee")).getByText("Confirmed")).toBeInTheDocument();
    expect(within(rowOf("Coach Mo")).getByText("Rejected")).toBeInTheDocument();
    for (const name of ["Coach Lee", "Coach Mo"]) {
      expect(within(rowOf(name)).queryByRole("button")).not.toBeInTheDocument();
    }
  });

  it("accepts a request, then fetches the list again and marks the signed-in user (the header's badge) stale", async () => {
    let answered = false;
    const requests = mockApi({
      "GET /api/trainers?page=1": () =>
        page([{ id: "7", trainerDisplayName: "Coach Kim", status: answered ? "Confirmed" : "Requested" }]),
      "PUT /api/trainers/status": () => {
        answered = true;
        return { body: { status: "Confirmed", trainersClient: true, pendingTrainers: 0 } };
      },
    });
    const { queryClient } = renderPage(<TrainerListPage />, { path: "/trainer" });
    queryClient.setQueryData<User>(accountKeys.me(), { ...testUser, pendingTrainers: 1 });
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Accept" }));

    expect(await screen.findByText("Confirmed")).toBeInTheDocument();
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({ id: "7", confirmed: true, rejected: false });
    expect(queryClient.getQueryState(accountKeys.me())?.isInvalidated).toBe(true);
    expect(count(requests, "/api/trainers?page=1")).toBe(2);
  });

  it("rejects a request", async () => {
    const requests = mockApi({
      "GET /api/trainers?page=1": page([{ id: "7", trainerDisplayName: "Coach Kim", status: "Requested" }]),
      "PUT /api/trainers/status": { body: { status: "Rejected", trainersClient: false, pendingTrainers: 0 } },
    });
    const user = userEvent.setup();
    renderPage(<TrainerListPage />, { path: "/trainer" });

    await user.click(await screen.findByRole("button", { name: "Reject" }));

    await waitFor(() =>
      expect(requests.find((request) => request.method === "PUT")?.body).toEqual({ id: "7", confirmed: false, rejected: true }),
    );
  });

  it("only logs a failed answer, and shows the list as the server holds it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const requests = mockApi({
      "GET /api/trainers?page=1": page([{ id: "7", trainerDisplayName: "Coach Kim", status: "Requested" }]),
      "PUT /api/trainers/status": { status: 500, body: { "@type": "hydra:Error", "hydra:title": "An error occurred" } },
    });
    const user = userEvent.setup();
    renderPage(<TrainerListPage />, { path: "/trainer" });

    await user.click(await screen.findByRole("button", { name: "Accept" }));

    await waitFor(() => expect(logged).toHaveBeenCalledWith("trainer status update failed", expect.anything()));
    await waitFor(() => expect(count(requests, "/api/trainers?page=1")).toBe(2));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Accept" })).toBeEnabled();
  });
});
