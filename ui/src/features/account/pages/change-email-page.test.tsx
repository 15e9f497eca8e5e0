import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { ChangeEmailPage } from "./change-email-page";

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Current password"), "Secret123");
  await user.type(screen.getByLabelText("New email"), "new@example.com");
  await user.click(screen.getByRole("button", { name: "Change Email" }));
}

describe("ChangeEmailPage", () => {
  it("changes the address with the password, then goes to /verify", async () => {
    const requests = mockApi({
      "POST /api/users/change-email": { body: { emailChanged: true, email: "new@example.com" } },
      "GET /api/users/user/me": { body: { ...testUser, email: "new@example.com", isVerified: false } },
    });
    renderPage(<ChangeEmailPage />, { path: "/change-email" });

    await fillAndSubmit();

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/verify"));
    expect(requests[0]?.body).toEqual({ password: "Secret123", email: "new@example.com" });
  });

  it("shows a taken address under the e-mail field", async () => {
    mockApi({ "POST /api/users/change-email": violations(["email", "This e-mail address is already registered."]) });
    renderPage(<ChangeEmailPage />, { path: "/change-email" });

    await fillAndSubmit();

    expect(await screen.findByText("This e-mail address is already registered.")).toBeInTheDocument();
    expect(screen.getByLabelText("New email")).toHaveAccessibleErrorMessage("This e-mail address is already registered.");
  });
});
