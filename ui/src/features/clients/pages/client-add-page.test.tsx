import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { ClientAddPage } from "./client-add-page";

const trainer = { body: { ...testUser, trainer: true } };

describe("ClientAddPage", () => {
  it("explains the four steps and sends the request by e-mail, then goes to the client list", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": trainer,
      "POST /api/clients/add": { status: 201, body: { id: "r1", clientId: "", status: "Invited" } },
    });
    const user = userEvent.setup();
    renderPage(<ClientAddPage />, { path: "/client/add" });

    expect(screen.getByRole("heading", { name: "Add Client" })).toBeInTheDocument();
    const steps = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent("Enter your client's e-mail address");
    expect(steps[2]).toHaveTextContent(/accept it in their Trainer area.*signs up/);
    expect(steps[3]).toHaveTextContent("plans, workouts and progress");
    const email = await screen.findByLabelText("Client's e-mail");
    expect(email).toHaveAttribute("type", "email");
    await user.type(email, " bob@example.com ");
    await user.click(screen.getByRole("button", { name: "Send Request" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/client"));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({ email: "bob@example.com" });
    expect(screen.getByTestId("location").textContent).toBe("/client");
  });

  it("shows a 422 message under the e-mail field and stays on the form", async () => {
    mockApi({
      "GET /api/users/user/me": trainer,
      "POST /api/clients/add": violations(["email", "This value is not a valid email address."]),
    });
    const user = userEvent.setup();
    renderPage(<ClientAddPage />, { path: "/client/add" });

    await user.type(await screen.findByLabelText("Client's e-mail"), "bob");
    await user.click(screen.getByRole("button", { name: "Send Request" }));

    expect(await screen.findByText("This value is not a valid email address.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByLabelText("Client's e-mail")).toHaveAccessibleErrorMessage(
      "This value is not a valid email address.",
    );
    expect(screen.getByTestId("location")).toHaveTextContent("/client/add");
  });

  it("shows the message of a refused request", async () => {
    mockApi({
      "GET /api/users/user/me": trainer,
      "POST /api/clients/add": {
        status: 403,
        body: { "@type": "hydra:Error", "hydra:title": "An error occurred", "hydra:description": "Only trainers add clients." },
      },
    });
    const user = userEvent.setup();
    renderPage(<ClientAddPage />, { path: "/client/add" });

    await user.type(await screen.findByLabelText("Client's e-mail"), "bob@example.com");
    await user.click(screen.getByRole("button", { name: "Send Request" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred: Only trainers add clients.");
  });

  it("tells a user without a trainer account that only trainers add clients, with no form", async () => {
    mockApi({ "GET /api/users/user/me": { body: testUser } });
    renderPage(<ClientAddPage />, { path: "/client/add" });

    expect(await screen.findByText(/Only Personal Trainers can add clients/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Request" })).not.toBeInTheDocument();
  });
});
