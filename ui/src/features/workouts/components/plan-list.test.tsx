import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { system } from "@/app/theme";
import type { PlanSummary } from "../api/types";
import { PlanList } from "./plan-list";

const push: PlanSummary = { id: "p1", name: "Push A", exercises: ["Barbell Bench Press", "Dip"] };

function renderList(plans: PlanSummary[], starting: string | null = null, onStart = vi.fn()) {
  render(
    <ChakraProvider value={system}>
      <PlanList plans={plans} starting={starting} onStart={onStart} />
    </ChakraProvider>,
  );
  return onStart;
}

describe("PlanList", () => {
  it("says where plans will show when there are none", () => {
    renderList([]);

    expect(screen.getByText("Plans created will show here")).toBeInTheDocument();
  });

  it("lists each plan with its exercises and starts the one chosen", async () => {
    const onStart = renderList([push, { id: "p2", name: "Legs", exercises: [] }]);

    expect(screen.getByText("Barbell Bench Press, Dip")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Start Push A" }));
    expect(onStart).toHaveBeenCalledWith(push);
  });

  it("lets no second start begin while one is under way", () => {
    renderList([push, { id: "p2", name: "Legs", exercises: [] }], "p1");

    expect(screen.getByRole("button", { name: "Start Legs" })).toBeDisabled();
  });
});
