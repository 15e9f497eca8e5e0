import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { todayIsoDate } from "@/lib/format";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { WeightAddPage } from "./weight-add-page";

describe("WeightAddPage", () => {
  it("logs a weight for today as typed (the server keeps 2 decimals), then goes to the list", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: { ...testUser, unit: "lbs" } },
      "POST /api/weights/add": { status: 201, body: { id: "1" } },
    });
    const user = userEvent.setup();
    renderPage(<WeightAddPage />, { path: "/weight/add" });

    expect(screen.getByRole("heading", { name: "Log Weight" })).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveValue(todayIsoDate());
    const weight = await screen.findByLabelText("Weight (lbs)");
    expect(weight).toHaveAttribute("step", "0.01");
    await user.type(weight, "180.456");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/weight/list"));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({ date: todayIsoDate(), weight: 180.456 });
  });

  it("shows a 422 message under the field it names", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "POST /api/weights/add": violations(["weight", "Weight must be more than 0"]),
    });
    const user = userEvent.setup();
    renderPage(<WeightAddPage />, { path: "/weight/add" });

    await user.type(screen.getByLabelText(/Weight/), "-3");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Weight must be more than 0")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
    expect(screen.getByLabelText(/Weight/)).toHaveAccessibleErrorMessage("Weight must be more than 0");
    expect(screen.getByTestId("location")).toHaveTextContent("/weight/add");
  });
});
