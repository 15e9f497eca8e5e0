import { Box, Table } from "@chakra-ui/react";
import { Fragment } from "react";
import { FaTrophy } from "react-icons/fa6";
import { formatNumber } from "@/lib/format";
import type { LoggedSet } from "../api/types";
import { firstUndoneId } from "../model/group-sets";
import { LabelledIcon } from "./labelled-icon";
import { QueuedMark } from "./queued-mark";
import { SetKindBadge } from "./set-kind-badge";
import { joinedToNote, SetNoteRow, SetRowEnd, SetTableHeader } from "./set-table-columns";

interface SetsTableProps {
  workoutId: string;
  sets: LoggedSet[];
  /** Circuit layout names each row's exercise instead of its set number. */
  circuit?: boolean;
  owner: boolean;
  caption: string;
  onDone: (set: LoggedSet, rpe: number) => void;
}

/**
 * SetsTable lists strength sets: Set (or Exercise), Weight, Reps, Done, RPE and Options. A trophy
 * marks a personal best and a letter a warm-up, drop or failure set, and a set's note shows under
 * its row; only the first undone set
 * offers the RPE dropdown, so the next tap is always on the set the lifter just did. A row
 * waiting to sync (queued on this device) is faded and marked.
 *
 * In circuit layout a phone has no room for an Exercise column beside the other five, so there
 * each set's exercise heads its row on a line of its own; from tablet width it is a column.
 */
export function SetsTable({ workoutId, sets, circuit = false, owner, caption, onDone }: SetsTableProps) {
  const nextId = firstUndoneId(sets);
  const hideExerciseBelow = circuit ? "md" : undefined;
  return (
    <Table.Root size="sm" aria-label={caption} tableLayout="auto">
      <SetTableHeader owner={owner}>
        <Table.ColumnHeader ps="0" pe="1" hideBelow={hideExerciseBelow}>
          {circuit ? "Exercise" : "Set"}
        </Table.ColumnHeader>
        <Table.ColumnHeader px="1">Weight</Table.ColumnHeader>
        <Table.ColumnHeader px="1">Reps</Table.ColumnHeader>
      </SetTableHeader>
      <Table.Body>
        {sets.map((set) => {
          const faded = set.pending === true || set.queued === true;
          const name = `${set.exercise} (${set.setNumber})`;
          return (
            <Fragment key={set.id}>
              {circuit && (
                <Table.Row hideFrom="md" opacity={faded ? 0.6 : 1}>
                  <Table.Cell colSpan={owner ? 5 : 4} ps="0" pb="0" borderBottomWidth="0" fontWeight="medium">
                    {name}
                    <SetKindBadge set={set} />
                  </Table.Cell>
                </Table.Row>
              )}
              <Table.Row data-testid="set-row" opacity={faded ? 0.6 : 1} css={joinedToNote(set)}>
                <Table.Cell ps="0" pe="1" hideBelow={hideExerciseBelow}>
                  {circuit ? name : set.setNumber}
                  <SetKindBadge set={set} />
                  <QueuedMark set={set} />
                </Table.Cell>
                <Table.Cell px="1">
                  <Box as="span" whiteSpace="nowrap">
                    {set.weight === null ? "BW" : `${formatNumber(set.weight)}${set.weightUnit ? ` ${set.weightUnit}` : ""}`}
                  </Box>
                  {set.pb && (
                    <LabelledIcon color="yellow.500" ms="1" label="Personal best">
                      <FaTrophy aria-hidden />
                    </LabelledIcon>
                  )}
                </Table.Cell>
                <Table.Cell px="1">{set.reps ?? "–"}</Table.Cell>
                <SetRowEnd
                  set={set}
                  nextId={nextId}
                  owner={owner}
                  editTo={`/workouts/${workoutId}/exercises/edit/${encodeURIComponent(set.exercise)}/${set.id}`}
                  deleteTo={`/workouts/${workoutId}/exercises/delete/${encodeURIComponent(set.exercise)}/${set.id}`}
                  onDone={onDone}
                />
              </Table.Row>
              <SetNoteRow set={set} />
            </Fragment>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
