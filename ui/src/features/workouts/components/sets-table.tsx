import { Box, Table } from "@chakra-ui/react";
import { FaCheck, FaTrophy } from "react-icons/fa6";
import { formatNumber } from "@/lib/format";
import type { LoggedSet } from "../api/types";
import { firstUndoneId } from "../model/group-sets";
import { DoneSelect } from "./done-select";
import { LabelledIcon } from "./labelled-icon";
import { RpeBadge } from "./rpe-badge";
import { SetRowActions } from "./set-row-actions";

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
 * marks a personal best; only the first undone set offers the RPE dropdown, so the next tap is
 * always on the set the lifter just did.
 */
export function SetsTable({ workoutId, sets, circuit = false, owner, caption, onDone }: SetsTableProps) {
  const nextId = firstUndoneId(sets);
  return (
    <Table.Root size="sm" aria-label={caption} tableLayout="auto">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader px="1">{circuit ? "Exercise" : "Set"}</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Weight</Table.ColumnHeader>
          <Table.ColumnHeader px="1">Reps</Table.ColumnHeader>
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
            <Table.Row key={set.id} data-testid="set-row" opacity={pending ? 0.6 : 1}>
              <Table.Cell px="1">{circuit ? `${set.exercise} (${set.setNumber})` : set.setNumber}</Table.Cell>
              <Table.Cell px="1" whiteSpace="nowrap">
                {set.weight === null ? "BW" : `${formatNumber(set.weight)}${set.weightUnit ? ` ${set.weightUnit}` : ""}`}
                {set.pb && (
                  <LabelledIcon color="yellow.500" ms="1" label="Personal best">
                    <FaTrophy aria-hidden />
                  </LabelledIcon>
                )}
              </Table.Cell>
              <Table.Cell px="1">{set.reps ?? "–"}</Table.Cell>
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
                      editTo={`/workouts/${workoutId}/exercises/edit/${encodeURIComponent(set.exercise)}/${set.id}`}
                      deleteTo={`/workouts/${workoutId}/exercises/delete/${encodeURIComponent(set.exercise)}/${set.id}`}
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
