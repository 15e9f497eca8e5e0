import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "@/test/render";
import { CancelAndSubmit } from "./cancel-and-submit";

describe("CancelAndSubmit", () => {
  it("links Cancel to where the form came from and submits with the named button", () => {
    renderPage(
      <form>
        <CancelAndSubmit cancelTo="/weight/list" submitLabel="Confirm" loading={false} />
      </form>,
      { path: "/weight/add" },
    );

    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/weight/list");
    expect(screen.getByRole("button", { name: "Confirm" })).toHaveAttribute("type", "submit");
  });

  it("spins the submit button while the form is sent", () => {
    renderPage(
      <form>
        <CancelAndSubmit cancelTo="/weight/list" submitLabel="Confirm" loading />
      </form>,
      { path: "/weight/add" },
    );

    // A loading Chakra button keeps its label for its width but hides it from its name.
    const submit = screen.getByText("Confirm").closest("button");
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute("data-loading");
  });
});
