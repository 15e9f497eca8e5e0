import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { SigninPage } from "./signin-page";

async function signIn() {
  const user = userEvent.setup();
  renderPage(<SigninPage />, { path: "/signin" });
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "Secret123");
  await user.click(screen.getByRole("button", { name: "Login" }));
}

describe("SigninPage", () => {
  it("requires e-mail and password", async () => {
    const user = userEvent.setup();
    renderPage(<SigninPage />, { path: "/signin" });

    await user.click(screen.getByRole("button", { name: "Login" }));

    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
  });

  it("shows and hides the password", async () => {
    const user = userEvent.setup();
    renderPage(<SigninPage />, { path: "/signin" });

    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
  });

  it("says Invalid credentials on a 401", async () => {
    mockApi({ "POST /api/login": { status: 401, body: { "hydra:title": "An error occurred" } } });
    await signIn();

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid credentials");
  });

  it("says a login error occurred on any other failure", async () => {
    mockApi({ "POST /api/login": { status: 429, body: { "hydra:title": "Too Many Requests" } } });
    await signIn();

    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred while trying to login");
  });

  it("sends a user without workouts to /start-workout", async () => {
    mockApi({ "POST /api/login": { body: testUser }, "GET /api/users/user/me": { body: testUser } });
    await signIn();

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/start-workout"));
  });

  it("sends a user with workouts to /dashboard", async () => {
    const regular = { ...testUser, sessions: ["w-1"] };
    mockApi({ "POST /api/login": { body: regular }, "GET /api/users/user/me": { body: regular } });
    await signIn();

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard"));
  });
});
