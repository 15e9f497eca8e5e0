import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { LoggedSet } from "../api/types";
import { DoneCells } from "./done-cells";
import { SetRowActions } from "./set-row-actions";

interface SetTableHeaderProps {
  owner: boolean;
  /** The table's own first column headers, e.g. Set, Weight and Reps. */
  children: ReactNode;
}

/** SetTableHeader heads a table of sets: its own columns, then Done, RPE and (for the owner) Options. */
export function SetTableHeader({ owner, children }: SetTableHeaderProps) {
  return (
    <Table.Header>
      <Table.Row>
        {children}
        <Table.ColumnHeader px="1">Done</Table.ColumnHeader>
        <Table.ColumnHeader px="1">RPE</Table.ColumnHeader>
        {owner && (
          <Table.ColumnHeader ps="1" pe="0" textAlign="end">
            Options
          </Table.ColumnHeader>
        )}
      </Table.Row>
    </Table.Header>
  );
}

interface SetRowEndProps {
  set: LoggedSet;
  /** The first undone set: only it offers its owner the RPE dropdown. */
  nextId: string | null;
  owner: boolean;
  editTo: string;
  deleteTo: string;
  onDone: (set: LoggedSet, rpe: number) => void;
}

/**
 * SetRowEnd is the end of a set's row under SetTableHeader: Done, RPE and the owner's Options. A
 * set still on its way to the server has no options and cannot be marked done yet.
 */
export function SetRowEnd({ set, nextId, owner, editTo, deleteTo, onDone }: SetRowEndProps) {
  const label = `${set.exercise} set ${set.setNumber}`;
  const pending = set.pending === true;
  return (
    <>
      <DoneCells set={set} next={owner && set.id === nextId && !pending} label={label} onDone={onDone} />
      {owner && <Table.Cell px="0">{!pending && <SetRowActions label={label} editTo={editTo} deleteTo={deleteTo} />}</Table.Cell>}
    </>
  );
}
