import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { reloadAppAt } from "../components/reload-app";
import { CloseAccountPage } from "./close-account-page";

vi.mock("../components/reload-app", () => ({ reloadAppAt: vi.fn() }));

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
});
