import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { renderPage } from "@/test/render";
import { CodeEntryForm } from "./code-entry-form";

function renderForm(onCode: (code: string) => Promise<void>) {
  renderPage(
    <CodeEntryForm
      title="Enter Code"
      intro="We have e-mailed a code."
      label="Code"
      field="passwordCode"
      requiredMessage="Please enter the code"
      submitLabel="Next"
      onCode={onCode}
      footer={<p>Send a new code</p>}
    />,
    { path: "/code" },
  );
}

describe("CodeEntryForm", () => {
  it("asks for a code before sending anything", async () => {
    const onCode = vi.fn(async () => {});
    const user = userEvent.setup();
    renderForm(onCode);

    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Please enter the code")).toBeInTheDocument();
    expect(onCode).not.toHaveBeenCalled();
  });

  it("sends the code trimmed, as a one-time code typed on a number pad", async () => {
    const onCode = vi.fn(async () => {});
    const user = userEvent.setup();
    renderForm(onCode);

    const field = screen.getByLabelText("Code");
    expect(field).toHaveAttribute("autocomplete", "one-time-code");
    expect(field).toHaveAttribute("inputmode", "numeric");
    await user.type(field, " 123456 ");
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(onCode).toHaveBeenCalledWith("123456");
    expect(screen.getByText("Send a new code")).toBeInTheDocument();
  });

  it("shows the server's message about the code under the field, the rest in the alert", async () => {
    const onCode = vi.fn(async () => {
      throw new ApiError(422, "An error occurred", "passwordCode: wrong", [
        { propertyPath: "passwordCode", message: "The code is wrong or has expired" },
        { propertyPath: "email", message: "No account has this e-mail address" },
      ]);
    });
    const user = userEvent.setup();
    renderForm(onCode);

    await user.type(screen.getByLabelText("Code"), "000000");
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("The code is wrong or has expired")).toBeInTheDocument();
    expect(screen.getByLabelText("Code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("No account has this e-mail address")).toBeInTheDocument();
  });
});
