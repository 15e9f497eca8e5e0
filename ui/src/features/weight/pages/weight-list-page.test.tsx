import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import type { WeightEntry } from "../api/types";
import { WeightListPage } from "./weight-list-page";

function page(members: WeightEntry[], totalItems = members.length) {
  return { body: { "@type": "hydra:Collection", "hydra:member": members, "hydra:totalItems": totalItems } };
}

function entry(id: number, dateWeighed: string, weight: number, difference: number | null): WeightEntry {
  return { id: String(id), dateWeighed, weight, unit: "kg", difference };
}

describe("WeightListPage", () => {
  it("shows the empty text when nothing is logged", async () => {
    mockApi({ "GET /api/weights/list?page=1": page([]) });
    renderPage(<WeightListPage />, { path: "/weight/list" });

    expect(await screen.findByText("Weight logged will be listed here.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Weight Log" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add" })).toHaveAttribute("href", "/weight/add");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next page" })).not.toBeInTheDocument();
  });

  it("lists the weights with their differences and delete links", async () => {
    mockApi({
      "GET /api/weights/list?page=1": page([
        entry(3, "2026-11-21", 80.25, -0.75),
        entry(2, "2026-11-20", 81, 1.5),
        entry(1, "2026-11-19", 79.5, null),
      ]),
    });
    renderPage(<WeightListPage />, { path: "/weight/list" });

    const table = await screen.findByRole("table", { name: "Weight Log" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ["21/11/2026", "80.25 kg", "-0.75 kg"],
      ["20/11/2026", "81 kg", "+1.5 kg"],
      ["19/11/2026", "79.5 kg", "–"],
    ]);
    expect(within(table).getByRole("link", { name: "Delete 80.25 kg on 21/11/2026" })).toHaveAttribute(
      "href",
      "/weight/delete/3",
    );
  });

  it("pages by 9: ceil(totalItems / 9) pages, fetching the chosen page", async () => {
    const firstPage = Array.from({ length: 9 }, (_, i) => entry(20 - i, `2026-10-${String(20 - i).padStart(2, "0")}`, 80, 0));
    const requests = mockApi({
      "GET /api/weights/list?page=1": page(firstPage, 19),
      "GET /api/weights/list?page=3": page([entry(1, "2026-09-01", 90, null)], 19),
    });
    const user = userEvent.setup();
    renderPage(<WeightListPage />, { path: "/weight/list" });

    expect(await screen.findByRole("button", { name: "Page 3" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Page 4" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page 3" }));

    expect(await screen.findByText("01/09/2026")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/weight/list?page=3");
    expect(requests.map((request) => request.url)).toContain("/api/weights/list?page=3");
  });

  it("shows the error when the list cannot be loaded", async () => {
    mockApi({
      "GET /api/weights/list?page=1": {
        status: 500,
        body: { "@type": "hydra:Error", "hydra:title": "An error occurred", "hydra:description": "Internal Server Error" },
      },
    });
    renderPage(<WeightListPage />, { path: "/weight/list" });

    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred: Internal Server Error");
    await waitFor(() => expect(screen.queryByText("Weight logged will be listed here.")).not.toBeInTheDocument());
  });
});
