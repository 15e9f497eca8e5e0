import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { passwordResetStorage } from "../components/password-reset-storage";
import { ForgotPasswordPage } from "./forgot-password-page";
import { SetPasswordPage } from "./set-password-page";
import { SigninPage } from "./signin-page";
import { VerifyPasswordCodePage } from "./verify-password-code-page";

describe("forgot password", () => {
  beforeEach(() => sessionStorage.clear());

  it("sends the code, keeps the e-mail and goes to /verify-password-code", async () => {
    const requests = mockApi({ "POST /api/users/forgot-password/send-code": { body: { sent: true } } });
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { path: "/forgot-password" });

    await user.type(screen.getByLabelText("Email"), " ada@example.com ");
    await user.click(screen.getByRole("button", { name: "Next" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/verify-password-code"));
    expect(requests[0]?.body).toEqual({ email: "ada@example.com" });
    expect(passwordResetStorage.email()).toBe("ada@example.com");
  });

  it("sends /verify-password-code and /set-password back to /forgot-password without what they need", async () => {
    renderPage(<VerifyPasswordCodePage />, { path: "/verify-password-code" });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/forgot-password"));

    passwordResetStorage.saveEmail("ada@example.com");
    renderPage(<SetPasswordPage />, { path: "/set-password" });
    await waitFor(() => expect(screen.getAllByTestId("location").at(-1)).toHaveTextContent("/forgot-password"));
  });

  it("checks the code, shows a wrong code under the field, then keeps the right one", async () => {
    passwordResetStorage.saveEmail("ada@example.com");
    let attempts = 0;
    const requests = mockApi({
      "POST /api/users/forgot-password/verify-code": () =>
        ++attempts === 1 ? violations(["passwordCode", "The code is not correct."]) : { body: { valid: true } },
    });
    const user = userEvent.setup();
    renderPage(<VerifyPasswordCodePage />, { path: "/verify-password-code" });

    await user.type(screen.getByLabelText("Code"), "111111");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("The code is not correct.")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Code"));
    await user.type(screen.getByLabelText("Code"), "123456");
    await user.click(screen.getByRole("button", { name: "Next" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/set-password"));
    expect(requests[1]?.body).toEqual({ email: "ada@example.com", passwordCode: "123456" });
    expect(passwordResetStorage.code()).toBe("123456");
  });

  it("sets the password, clears what it kept and goes to /signin", async () => {
    passwordResetStorage.saveEmail("ada@example.com");
    passwordResetStorage.saveCode("123456");
    const requests = mockApi({
      "POST /api/users/forgot-password/set-password": { body: { passwordSet: true } },
      "GET /api/users/user/me": { status: 401 },
    });
    const user = userEvent.setup();
    renderPage(<SetPasswordPage />, { path: "/set-password", routes: [{ path: "/signin", element: <SigninPage /> }] });

    await user.type(screen.getByLabelText("New password"), "Better456");
    await user.type(screen.getByLabelText("Confirm password"), "Better456");
    await user.click(screen.getByRole("button", { name: "Set Password" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/signin"));
    expect(requests[0]?.body).toEqual({
      newPassword: "Better456",
      confirmPassword: "Better456",
      email: "ada@example.com",
      passwordCode: "123456",
    });
    expect(passwordResetStorage.email()).toBeNull();
    expect(passwordResetStorage.code()).toBeNull();
    expect(await screen.findByText("Your new password has been set. Please log in with it.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Login" })).toBeInTheDocument();
  });
});
