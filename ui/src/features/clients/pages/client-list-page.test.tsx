import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { ClientRelationship } from "../api/types";
import { ClientListPage } from "./client-list-page";

const trainer = { body: { ...testUser, trainer: true } };

function page(members: ClientRelationship[], totalItems = members.length) {
  return { body: { "@type": "hydra:Collection", "hydra:member": members, "hydra:totalItems": totalItems } };
}

function client(id: string, name: string, status: ClientRelationship["status"], activity: string | null = null) {
  return {
    id,
    clientId: status === "Invited" ? "" : `user-${id}`,
    clientDisplayName: name,
    status,
    recentClientActivity: activity,
  };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByRole("row").find((r) => within(r).queryAllByRole("cell")[0]?.textContent?.startsWith(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe("ClientListPage", () => {
  it("shows a trainer the empty text and the Add client button", async () => {
    mockApi({ "GET /api/users/user/me": trainer, "GET /api/clients?page=1": page([]) });
    renderPage(<ClientListPage />, { path: "/client" });

    expect(await screen.findByText("Clients you add will be listed here.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Clients" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Add client" })).toHaveAttribute("href", "/client/add");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("lists each client's status and recent activity; only confirmed clients have Plans, Workouts, Progress and Remove", async () => {
    mockApi({
      "GET /api/users/user/me": trainer,
      "GET /api/clients?page=1": page([
        { ...client("1", "Ada L", "Confirmed", "2026-11-20"), compliance: { done: 3, expected: 12.857, rate: 0.23, needsAttention: true } },
        client("2", "Bob Stone", "Confirmed"),
        client("3", "new@example.com", "Invited"),
        client("4", "Cy", "Requested"),
        client("5", "Di", "Rejected", "2026-10-01"),
      ]),
    });
    renderPage(<ClientListPage />, { path: "/client" });

    const table = await screen.findByRole("table", { name: "Clients" });
    expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Client",
      "Status",
      "Recent Activity",
      "Options",
    ]);
    // The test window is a phone's (no media query matches): the Compliance (30 days) column
    // is for wider screens, and the compliance shows under the client's name.
    expect(within(table).getByText("Compliance (30 days)")).not.toBeVisible();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ["Ada LCompliance: 3 of 12.86 (23%)Needs attention", "Confirmed", "20/11/2026"],
      ["Bob Stone", "Confirmed", "No activity"],
      ["new@example.com", "Requested", "—"],
      ["Cy", "Requested", "No activity"],
      ["Di", "Rejected", "01/10/2026"],
    ]);

    const ada = within(rowOf("Ada L"));
    expect(ada.getByRole("link", { name: "Plans" })).toHaveAttribute("href", "/plan?userFilter=Ada+L");
    expect(ada.getByRole("link", { name: "Workouts" })).toHaveAttribute("href", "/workouts?userFilter=Ada+L");
    expect(ada.getByRole("link", { name: "Progress" })).toHaveAttribute("href", "/progress?userFilter=Ada+L");
    expect(ada.getByRole("button", { name: "Remove" })).toBeInTheDocument();
    for (const name of ["new@example.com", "Cy", "Di"]) {
      expect(within(rowOf(name)).queryByRole("link")).not.toBeInTheDocument();
      expect(within(rowOf(name)).queryByRole("button")).not.toBeInTheDocument();
    }
  });

  it("on a phone, puts a confirmed client's actions in an Options menu", async () => {
    // A narrow viewport: no media query for the md breakpoint matches.
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    try {
      const requests = mockApi({
        "GET /api/users/user/me": trainer,
        "GET /api/clients?page=1": page([client("7", "Ada L", "Confirmed"), client("8", "Cy", "Requested")]),
      });
      const user = userEvent.setup();
      renderPage(<ClientListPage />, { path: "/client" });

      await screen.findByRole("table", { name: "Clients" });
      const ada = within(rowOf("Ada L"));
      expect(ada.getAllByRole("link").map((link) => link.textContent)).toEqual(["Ada L"]);
      expect(within(rowOf("Cy")).queryByRole("button")).not.toBeInTheDocument();
      await user.click(ada.getByRole("button", { name: "Options for Ada L" }));
      const menu = await screen.findByRole("menu");
      expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
        "Plans",
        "Workouts",
        "Progress",
        "Activity",
        "Remove",
      ]);
      expect(within(menu).getByRole("menuitem", { name: "Plans" })).toHaveAttribute("href", "/plan?userFilter=Ada+L");
      expect(within(menu).getByRole("menuitem", { name: "Activity" })).toHaveAttribute("href", "/client/user-7/activity?name=Ada+L");

      await user.click(within(menu).getByRole("menuitem", { name: "Remove" }));
      expect(await screen.findByRole("alertdialog", { name: "Remove client" })).toHaveTextContent("Remove Ada L?");
      expect(requests.some((request) => request.method === "DELETE")).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("removes a client after the trainer confirms, and fetches the list again", async () => {
    let removed = false;
    const requests = mockApi({
      "GET /api/users/user/me": trainer,
      "GET /api/clients?page=1": () => page(removed ? [] : [client("7", "Ada L", "Confirmed")]),
      "DELETE /api/clients/7": () => {
        removed = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderPage(<ClientListPage />, { path: "/client" });

    await user.click(await screen.findByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove client" });
    expect(dialog).toHaveTextContent("Remove Ada L?");
    expect(requests.some((request) => request.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("Clients you add will be listed here.")).toBeInTheDocument();
    expect(requests.filter((request) => request.method === "DELETE").map((request) => request.url)).toEqual([
      "/api/clients/7",
    ]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("shows a failed removal in the dialog and keeps the client", async () => {
    mockApi({
      "GET /api/users/user/me": trainer,
      "GET /api/clients?page=1": page([client("7", "Ada L", "Confirmed")]),
      "DELETE /api/clients/7": {
        status: 404,
        body: { "@type": "hydra:Error", "hydra:title": "An error occurred", "hydra:description": "Client not found." },
      },
    });
    const user = userEvent.setup();
    renderPage(<ClientListPage />, { path: "/client" });

    await user.click(await screen.findByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove client" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("An error occurred: Client not found.");
    // The open dialog hides the list from the accessibility tree; the row is still there.
    expect(screen.getByRole("cell", { name: "Ada L", hidden: true })).toBeInTheDocument();
  });

  it("keeps the client when the trainer cancels", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": trainer,
      "GET /api/clients?page=1": page([client("7", "Ada L", "Confirmed")]),
    });
    const user = userEvent.setup();
    renderPage(<ClientListPage />, { path: "/client" });

    await user.click(await screen.findByRole("button", { name: "Remove" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(requests.some((request) => request.method === "DELETE")).toBe(false);
    expect(screen.getByRole("cell", { name: "Ada L" })).toBeInTheDocument();
  });

  it("pages by 9, fetching the chosen page", async () => {
    const firstPage = Array.from({ length: 9 }, (_, i) => client(String(i), `Client ${i}`, "Confirmed"));
    const requests = mockApi({
      "GET /api/users/user/me": trainer,
      "GET /api/clients?page=1": page(firstPage, 10),
      "GET /api/clients?page=2": page([client("9", "Last One", "Requested")], 10),
    });
    const user = userEvent.setup();
    renderPage(<ClientListPage />, { path: "/client" });

    await user.click(await screen.findByRole("button", { name: "Page 2" }));
    // A ceiling, not a timing check: the router renders the new page in a transition, which a
    // busy machine may take over a second to finish.
    expect(await screen.findByRole("cell", { name: "Last One" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Page 3" })).not.toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/client?page=2");
    expect(requests.map((request) => request.url)).toContain("/api/clients?page=2");
  });

  it("shows a user without a trainer account their clients, without Add client", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/clients?page=1": page([client("1", "Ada L", "Confirmed")]),
    });
    renderPage(<ClientListPage />, { path: "/client" });

    expect(await screen.findByText(/Only Personal Trainers can add clients/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/profile/user/upgrade");
    expect(await screen.findByRole("cell", { name: "Ada L" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Add client" })).not.toBeInTheDocument();
  });

  it("shows the error when the list cannot be loaded", async () => {
    mockApi({
      "GET /api/users/user/me": trainer,
      "GET /api/clients?page=1": {
        status: 500,
        body: { "@type": "hydra:Error", "hydra:title": "An error occurred", "hydra:description": "Internal Server Error" },
      },
    });
    renderPage(<ClientListPage />, { path: "/client" });

    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred: Internal Server Error");
  });
});
