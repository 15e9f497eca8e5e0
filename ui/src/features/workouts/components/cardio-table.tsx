import { Table } from "@chakra-ui/react";
import type { LoggedSet } from "../api/types";
import { formatCardioTime, formatDistance } from "../model/format";
import { firstUndoneId } from "../model/group-sets";
import { DoneCells } from "./done-cells";
import { SetRowActions } from "./set-row-actions";

interface CardioTableProps {
  workoutId: string;
  sets: LoggedSet[];
  owner: boolean;
  caption: string;
  onDone: (set: LoggedSet, rpe: number) => void;
}

/** CardioTable lists cardio sets: #, Distance, Time, Done, RPE and Options. */
export function CardioTable({ workoutId, sets, owner, caption, onDone }: CardioTableProps) {
  const nextId = firstUndoneId(sets);
  return (
    <Table.Root size="sm" aria-label={caption}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader ps="0" pe="1">#</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Distance</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Time</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Done</Table.ColumnHeader>
          <Table.ColumnHeader px="1">RPE</Table.ColumnHeader>
          {owner && (
            <Table.ColumnHeader ps="1" pe="0" textAlign="end">
              Options
            </Table.ColumnHeader>
          )}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {sets.map((set) => {
          const label = `${set.exercise} set ${set.setNumber}`;
          const pending = set.pending === true;
          return (
            <Table.Row key={set.id} data-testid="cardio-row" opacity={pending ? 0.6 : 1}>
              <Table.Cell ps="0" pe="1">{set.setNumber}</Table.Cell>
              <Table.Cell px="1" whiteSpace="nowrap">
                {formatDistance(set)}
              </Table.Cell>
              <Table.Cell px="1">{formatCardioTime(set.minutes, set.seconds)}</Table.Cell>
              <DoneCells set={set} next={owner && set.id === nextId && !pending} label={label} onDone={onDone} />
              {owner && (
                <Table.Cell px="0">
                  {!pending && (
                    <SetRowActions
                      label={label}
                      editTo={`/workouts/${workoutId}/cardio/edit/${set.id}`}
                      deleteTo={`/workouts/${workoutId}/cardio/delete/${set.id}`}
                    />
                  )}
                </Table.Cell>
              )}
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
