import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations, type MockResponse } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { VerifyPage } from "./verify-page";

const unverified = { ...testUser, isVerified: false };

describe("VerifyPage", () => {
  it("verifies with the user id and code, then goes to /start-workout", async () => {
    let verified = false;
    const requests = mockApi({
      "GET /api/users/user/me": () => ({ body: { ...testUser, isVerified: verified } }),
      "POST /api/users/verify": () => {
        verified = true;
        return { body: { verified: true } };
      },
    });
    const user = userEvent.setup();
    renderPage(<VerifyPage />, { path: "/verify" });

    expect(await screen.findByText(/check your junk folder/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Authorisation code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/start-workout"));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      userId: testUser.id,
      authCode: "123456",
    });
  });

  it("shows a wrong code under the field", async () => {
    mockApi({
      "GET /api/users/user/me": { body: unverified },
      "POST /api/users/verify": violations(["authCode", "The code is wrong or has expired"]),
    });
    const user = userEvent.setup();
    renderPage(<VerifyPage />, { path: "/verify" });

    await user.type(await screen.findByLabelText("Authorisation code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByText("The code is wrong or has expired")).toBeInTheDocument();
  });

  it("resends the code once: disabled after the click, then Sent, never enabled again", async () => {
    let answer: (response: MockResponse) => void = () => undefined;
    mockApi({
      "GET /api/users/user/me": { body: unverified },
      "POST /api/users/verify/resend": () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderPage(<VerifyPage />, { path: "/verify" });

    const resend = await screen.findByRole("button", { name: "Resend code" });
    await user.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());
    answer({ body: { sent: true } });

    const sent = await screen.findByRole("button", { name: "Sent" });
    expect(sent).toBeDisabled();
  });

  it("sends a verified user to /dashboard", async () => {
    mockApi({ "GET /api/users/user/me": { body: testUser } });
    renderPage(<VerifyPage />, { path: "/verify" });

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard"));
  });
});
