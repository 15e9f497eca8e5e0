import { Table, type SystemStyleObject } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { LoggedSet } from "../api/types";
import { DoneCells } from "./done-cells";
import { SetNote } from "./set-note";
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

/** joinedToNote takes the line off the bottom of a set's row when its note shows under it (SetNoteRow). */
export function joinedToNote(set: LoggedSet): SystemStyleObject | undefined {
  return set.note ? { "& > td": { borderBottomWidth: "0" } } : undefined;
}

/**
 * SetNoteRow is a set's note, on a row of its own under the set's row across every column, faded
 * as the set's row is while it waits; a set without a note has none.
 */
export function SetNoteRow({ set }: { set: LoggedSet }) {
  if (!set.note) return null;
  return (
    <Table.Row opacity={set.pending === true || set.queued === true ? 0.6 : 1}>
      <Table.Cell colSpan={6} ps="0" pe="0" pt="0">
        <SetNote note={set.note} />
      </Table.Cell>
    </Table.Row>
  );
}
