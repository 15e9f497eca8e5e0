import { Table } from "@chakra-ui/react";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "@/test/render";
import type { LoggedSet } from "../api/types";
import { SetRowEnd, SetTableHeader } from "./set-table-columns";

const set = (id: string, setNumber: number, more: Partial<LoggedSet> = {}): LoggedSet => ({
  id, session: "w1", exercise: "Rowing", setNumber, category: "cardio", weight: null, reps: null, rpe: null, done: false,
  pb: false, isBodyweight: false, isCardio: true, planNotes: null, weightUnit: null, muscleGroupNames: [],
  disabled: false, distance: 2, unit: "km", minutes: 8, seconds: 0, created: "", ...more,
});

function renderTable(sets: LoggedSet[], owner: boolean) {
  renderPage(
    <Table.Root aria-label="Rowing">
      <SetTableHeader owner={owner}>
        <Table.ColumnHeader>#</Table.ColumnHeader>
      </SetTableHeader>
      <Table.Body>
        {sets.map((s) => (
          <Table.Row key={s.id} data-testid="row">
            <Table.Cell>{s.setNumber}</Table.Cell>
            <SetRowEnd set={s} nextId="s2" owner={owner} editTo={`/edit/${s.id}`} deleteTo={`/delete/${s.id}`} onDone={vi.fn()} />
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>,
    { path: "/workouts/view/w1" },
  );
}

describe("SetTableHeader and SetRowEnd", () => {
  it("give the owner Done, RPE and Options, and the next set its RPE dropdown", () => {
    renderTable([set("s1", 1, { done: true, rpe: 6 }), set("s2", 2)], true);

    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["#", "Done", "RPE", "Options"]);
    const [first, second] = screen.getAllByTestId("row");
    expect(within(first!).getByRole("link", { name: "Edit Rowing set 1" })).toHaveAttribute("href", "/edit/s1");
    expect(within(first!).getByRole("link", { name: "Delete Rowing set 1" })).toHaveAttribute("href", "/delete/s1");
    expect(within(second!).getByLabelText("Mark Rowing set 2 done")).toBeInTheDocument();
  });

  it("give a set still on its way no options and no dropdown", () => {
    renderTable([set("s2", 2, { pending: true })], true);

    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Mark Rowing set 2 done")).not.toBeInTheDocument();
  });

  it("give someone else's workout no Options column and nothing to mark", () => {
    renderTable([set("s2", 2)], false);

    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["#", "Done", "RPE"]);
    expect(screen.queryByLabelText("Mark Rowing set 2 done")).not.toBeInTheDocument();
  });
});
