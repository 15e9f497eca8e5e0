import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { SignupPage } from "./signup-page";

const newUser = { ...testUser, isVerified: false };

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("First name"), "Ada");
  await user.type(screen.getByLabelText("Surname"), "Lovelace");
  await user.selectOptions(screen.getByLabelText("Gender (optional)"), "Female");
  await user.type(screen.getByLabelText("Date of birth (optional)"), "10/12/1990");
  await user.type(screen.getByLabelText("Weight (optional)"), "72.456");
}

async function fillStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "Secret123");
  await user.type(screen.getByLabelText("Confirm password"), "Secret123");
  await user.click(screen.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ }));
}

describe("SignupPage", () => {
  it("asks for the required details of step 1 before moving on", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });

    expect(await screen.findByText("Step 1 of 2")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid date in the format dd/mm/yyyy")).toBeInTheDocument();
    expect(screen.getByLabelText("Unit")).toHaveValue("kg");
    await user.type(screen.getByLabelText("Weight (optional)"), "heavy");
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Surname is required")).toBeInTheDocument();
    expect(screen.getByText("Please enter a number")).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();
  });

  it("says a negative weight is out of range and a future date of birth cannot be in the future", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });

    await user.type(await screen.findByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Surname"), "Lovelace");
    await user.type(screen.getByLabelText("Date of birth (optional)"), "01/01/2099");
    await user.type(screen.getByLabelText("Weight (optional)"), "-5");
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Please enter a weight between 0 and 1000.")).toBeInTheDocument();
    expect(screen.getByLabelText("Date of birth (optional)")).toHaveAccessibleErrorMessage("Date of birth cannot be in the future.");
    expect(screen.queryByText("Please enter a number")).not.toBeInTheDocument();
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();
  });

  it("shows every problem of step 2 at once, not only the unticked agreement", async () => {
    const requests = mockApi({ "GET /api/users/user/me": { status: 401 } });
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });

    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(await screen.findByLabelText("Email"), "ada@localhost");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.type(screen.getByLabelText("Confirm password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Finish" }));

    expect(await screen.findByText("Please agree to the Terms of Service and Privacy Policy to continue")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAccessibleErrorMessage("Please enter a valid e-mail address.");
    expect(screen.getByLabelText("Password")).toHaveAccessibleErrorMessage(
      "Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number.",
    );
    expect(screen.getByLabelText("Confirm password")).toHaveAccessibleErrorMessage("Passwords do not match.");
    expect(requests.some((request) => request.url === "/api/users/register")).toBe(false);
  });

  it("goes to step 2 and back, keeping what was typed", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });

    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Step 2 of 2")).toBeInTheDocument();
    for (const criterion of ["minimum 8 characters", "at least one uppercase letter", "one lowercase letter", "one number"]) {
      expect(screen.getByText(criterion)).toBeInTheDocument();
    }
    await user.click(screen.getByRole("button", { name: "Back" }));

    expect(await screen.findByText("Step 1 of 2")).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveValue("Ada");
  });

  it("registers with the payload's rules, loads the user and goes to /verify", async () => {
    let signedIn = false;
    const requests = mockApi({
      "GET /api/users/user/me": () => (signedIn ? { body: newUser } : { status: 401 }),
      "POST /api/users/register": () => {
        signedIn = true;
        return { status: 201, body: newUser };
      },
    });
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });

    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await fillStepTwo(user);
    await user.click(screen.getByRole("button", { name: "Finish" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/verify"));
    const registration = requests.find((request) => request.url === "/api/users/register");
    expect(registration?.body).toEqual({
      firstName: "Ada",
      surname: "Lovelace",
      dateOfBirth: "1990-12-10",
      weight: 72.46,
      gender: "Female",
      unit: "kg",
      email: "ada@example.com",
      password: "Secret123",
      confirmPassword: "Secret123",
    });
    expect(requests.filter((request) => request.url === "/api/users/user/me").length).toBeGreaterThanOrEqual(2);
  });

  it("sends an empty gender and an empty weight as null", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { status: 401 },
      "POST /api/users/register": violations(["email", "This e-mail address is already used"]),
    });
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });

    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Surname"), "Lovelace");
    await user.type(screen.getByLabelText("Weight (optional)"), "0");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await fillStepTwo(user);
    await user.click(screen.getByRole("button", { name: "Finish" }));

    expect(await screen.findByText("This e-mail address is already used")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByText("Step 2 of 2")).toBeInTheDocument();
    const registration = requests.find((request) => request.url === "/api/users/register");
    expect(registration?.body).toMatchObject({ gender: null, weight: null, dateOfBirth: null });
  });

  it("returns to step 1 when the server rejects a step-1 field, showing the message under it", async () => {
    mockApi({
      "GET /api/users/user/me": { status: 401 },
      "POST /api/users/register": violations(
        ["firstName", "This value is too long."],
        ["password", "Password must contain a number"],
      ),
    });
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });

    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await fillStepTwo(user);
    await user.click(screen.getByRole("button", { name: "Finish" }));

    expect(await screen.findByText("Step 1 of 2")).toBeInTheDocument();
    expect(screen.getByText("This value is too long.")).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveAccessibleErrorMessage("This value is too long.");
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
  });

  it("sends a signed-in user to /dashboard", async () => {
    mockApi({ "GET /api/users/user/me": { body: testUser } });
    renderPage(<SignupPage />, { path: "/signup" });

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard"));
  });
});
