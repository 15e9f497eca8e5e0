import { Table } from "@chakra-ui/react";
import { Fragment } from "react";
import type { LoggedSet } from "../api/types";
import { formatCardioTime, formatDistance } from "../model/format";
import { firstUndoneId } from "../model/group-sets";
import { QueuedMark } from "./queued-mark";
import { joinedToNote, SetNoteRow, SetRowEnd, SetTableHeader } from "./set-table-columns";

interface CardioTableProps {
  workoutId: string;
  sets: LoggedSet[];
  owner: boolean;
  caption: string;
  onDone: (set: LoggedSet, rpe: number) => void;
}

/**
 * CardioTable lists cardio sets: #, Distance, Time, Done, RPE and Options, each set's note under
 * its row; a row waiting to sync is faded and marked.
 */
export function CardioTable({ workoutId, sets, owner, caption, onDone }: CardioTableProps) {
  const nextId = firstUndoneId(sets);
  return (
    <Table.Root size="sm" aria-label={caption}>
      <SetTableHeader owner={owner}>
        <Table.ColumnHeader ps="0" pe="1">#</Table.ColumnHeader>
        <Table.ColumnHeader px="1">Distance</Table.ColumnHeader>
        <Table.ColumnHeader px="1">Time</Table.ColumnHeader>
      </SetTableHeader>
      <Table.Body>
        {sets.map((set) => (
          <Fragment key={set.id}>
            <Table.Row data-testid="cardio-row" opacity={set.pending === true || set.queued === true ? 0.6 : 1} css={joinedToNote(set)}>
              <Table.Cell ps="0" pe="1">
                {set.setNumber}
                <QueuedMark set={set} />
              </Table.Cell>
              <Table.Cell px="1" whiteSpace="nowrap">
                {formatDistance(set)}
              </Table.Cell>
              <Table.Cell px="1">{formatCardioTime(set.minutes, set.seconds)}</Table.Cell>
              <SetRowEnd
                set={set}
                nextId={nextId}
                owner={owner}
                editTo={`/workouts/${workoutId}/cardio/edit/${set.id}`}
                deleteTo={`/workouts/${workoutId}/cardio/delete/${set.id}`}
                onDone={onDone}
              />
            </Table.Row>
            <SetNoteRow set={set} />
          </Fragment>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
