import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { reloadAppAt } from "@/lib/reload-app";
import { CloseAccountPage } from "./close-account-page";

vi.mock("@/lib/reload-app", () => ({ reloadAppAt: vi.fn(), leavingApp: () => false }));

describe("CloseAccountPage", () => {
  it("explains, closes the account showing Logging out, then loads / afresh", async () => {
    let finish: () => void = () => undefined;
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "POST /api/users/delete": () =>
        new Promise((resolve) => {
          finish = () => resolve({ body: { closed: true } });
        }),
    });
    const user = userEvent.setup();
    renderPage(<CloseAccountPage />, { path: "/profile/user/close-account" });

    expect(screen.getByText(/deletes your personal data and all your workout logs/)).toBeInTheDocument();
    expect(screen.getByText(/cancels any active subscription/)).toBeInTheDocument();
    expect(screen.getByText(/final and irreversible/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
    const close = screen.getByRole("button", { name: "Close Account" });
    await waitFor(() => expect(close).toBeEnabled());
    await user.click(close);

    expect(await screen.findByText("Logging out")).toBeInTheDocument();
    finish();
    await waitFor(() => expect(reloadAppAt).toHaveBeenCalledWith("/"));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({ userId: testUser.id, accountClose: true });
  });

  it("says so when the server finishes the closing later, and loads / afresh on request", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "POST /api/users/delete": { status: 202, body: { closed: false, closing: true } },
    });
    vi.mocked(reloadAppAt).mockClear();
    const user = userEvent.setup();
    renderPage(<CloseAccountPage />, { path: "/profile/user/close-account" });
    const close = screen.getByRole("button", { name: "Close Account" });
    await waitFor(() => expect(close).toBeEnabled());
    await user.click(close);

    expect(await screen.findByText(/Your account is being closed\. You are signed out/)).toBeInTheDocument();
    expect(reloadAppAt).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Go to the home page" }));
    expect(reloadAppAt).toHaveBeenCalledWith("/");
  });

  it("loads / afresh even when the page has gone before the server answered", async () => {
    let finish: () => void = () => undefined;
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "POST /api/users/delete": () =>
        new Promise((resolve) => {
          finish = () => resolve({ body: { closed: true } });
        }),
    });
    vi.mocked(reloadAppAt).mockClear();
    const user = userEvent.setup();
    const { unmount } = renderPage(<CloseAccountPage />, { path: "/profile/user/close-account" });
    const close = screen.getByRole("button", { name: "Close Account" });
    await waitFor(() => expect(close).toBeEnabled());
    await user.click(close);
    expect(await screen.findByText("Logging out")).toBeInTheDocument();

    // Another call answered 401 first (the server ends the session before it answers the
    // close) and the route guard left the page.
    unmount();
    finish();
    await waitFor(() => expect(reloadAppAt).toHaveBeenCalledWith("/"));
  });
});
