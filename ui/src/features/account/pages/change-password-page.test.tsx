import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { accountKeys } from "../api/account-keys";
import { ChangePasswordPage } from "./change-password-page";
import { SigninPage } from "./signin-page";

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Current password"), "Secret123");
  await user.type(screen.getByLabelText("New password"), "Better456");
  await user.type(screen.getByLabelText("Confirm new password"), "Better456");
  await user.click(screen.getByRole("button", { name: "Change Password" }));
}

describe("ChangePasswordPage", () => {
  it("changes the password, then logs out so the user signs in again", async () => {
    const requests = mockApi({
      "POST /api/users/change-password": { body: { passwordChanged: true } },
      "GET /logout": { body: { loggedOut: true } },
    });
    const { queryClient } = renderPage(<ChangePasswordPage />, {
      path: "/change-password",
      routes: [{ path: "/signin", element: <SigninPage /> }],
    });
    queryClient.setQueryData(accountKeys.me(), testUser);

    await fillAndSubmit();

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/signin"));
    expect(await screen.findByText("Your password has been changed. Please log in with your new password.")).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST /api/users/change-password",
      "GET /logout",
    ]);
    expect(requests[0]?.body).toEqual({ oldPassword: "Secret123", newPassword: "Better456", confirmPassword: "Better456" });
    expect(queryClient.getQueryData(accountKeys.me())).toBeNull();
  });

  it("shows a wrong current password under its field and stays", async () => {
    mockApi({ "POST /api/users/change-password": violations(["oldPassword", "The current password is not correct."]) });
    renderPage(<ChangePasswordPage />, { path: "/change-password" });

    await fillAndSubmit();

    expect(await screen.findByText("The current password is not correct.")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAccessibleErrorMessage("The current password is not correct.");
    expect(screen.getByTestId("location")).toHaveTextContent("/change-password");
  });
});
