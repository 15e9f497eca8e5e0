import { Box, Table } from "@chakra-ui/react";
import { FaCheck } from "react-icons/fa6";
import type { LoggedSet } from "../api/types";
import { formatCardioTime, formatDistance } from "../model/format";
import { firstUndoneId } from "../model/group-sets";
import { DoneSelect } from "./done-select";
import { LabelledIcon } from "./labelled-icon";
import { RpeBadge } from "./rpe-badge";
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
          <Table.ColumnHeader px="1">#</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Distance</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Time</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Done</Table.ColumnHeader>
          <Table.ColumnHeader px="1">RPE</Table.ColumnHeader>
          {owner && (
            <Table.ColumnHeader px="1" textAlign="end">
              Options
            </Table.ColumnHeader>
          )}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {sets.map((set) => {
          const label = `${set.exercise} set ${set.setNumber}`;
          const pending = set.id.startsWith("pending-");
          return (
            <Table.Row key={set.id} data-testid="cardio-row" opacity={pending ? 0.6 : 1}>
              <Table.Cell px="1">{set.setNumber}</Table.Cell>
              <Table.Cell px="1" whiteSpace="nowrap">
                {formatDistance(set)}
              </Table.Cell>
              <Table.Cell px="1">{formatCardioTime(set.minutes, set.seconds)}</Table.Cell>
              <Table.Cell px="1">
                {set.done ? (
                  <LabelledIcon color="green.500" label="Done">
                    <FaCheck aria-hidden />
                  </LabelledIcon>
                ) : owner && set.id === nextId && !pending ? (
                  <DoneSelect label={`Mark ${label} done`} onDone={(rpe) => onDone(set, rpe)} />
                ) : (
                  <Box as="span" color="fg.muted">
                    –
                  </Box>
                )}
              </Table.Cell>
              <Table.Cell px="1">{set.done && <RpeBadge rpe={set.rpe} />}</Table.Cell>
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
