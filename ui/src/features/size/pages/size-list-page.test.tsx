import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { SizeListPage } from "./size-list-page";

const page = (member: unknown[], total = member.length) => ({ body: { "hydra:member": member, "hydra:totalItems": total } });

describe("SizeListPage", () => {
  it("says the category's empty state", async () => {
    mockApi({ "GET /api/sizes/list?category=Waist&page=1": page([]) });
    renderPage(<SizeListPage />, { path: "/size/list/:category", url: "/size/list/Waist" });

    expect(await screen.findByText("Waist size logged will be listed here.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add" })).toHaveAttribute("href", "/size/add/Waist");
  });

  it("lists measurements in cm with differences, and offers every category", async () => {
    mockApi({
      "GET /api/sizes/list?category=Arms&page=2": page(
        [
          { id: "b", dateMeasured: "2026-11-21", measurement: 35.5, difference: 0.5, category: "Arms" },
          { id: "a", dateMeasured: "2026-11-20", measurement: 35, difference: null, category: "Arms" },
        ],
        11,
      ),
    });
    renderPage(<SizeListPage />, { path: "/size/list/:category", url: "/size/list/Arms?page=2" });

    const table = await screen.findByRole("table", { name: "Arms Size Log" });
    const rows = within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").slice(0, 3).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["21/11/2026", "35.5", "+0.5"],
      ["20/11/2026", "35", "–"],
    ]);
    expect(screen.getByRole("link", { name: "Delete 35.5 cm on 21/11/2026" })).toHaveAttribute("href", "/size/delete/b");
    const categories = within(screen.getByRole("navigation", { name: "Size categories" })).getAllByRole("link");
    expect(categories.map((link) => link.textContent)).toEqual(["Arms", "Calves", "Chest", "Hips", "Neck", "Thighs", "Waist"]);
    expect(screen.getByRole("button", { name: "Page 2" })).toBeInTheDocument();
  });

  it("sends an unknown category to Arms", async () => {
    mockApi({ "GET /api/sizes/list?category=Arms&page=1": page([]) });
    renderPage(<SizeListPage />, { path: "/size/list/:category", url: "/size/list/Elbows" });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/size/list/Arms"));
  });
});
