import { Box, Table } from "@chakra-ui/react";
import { FaCheck } from "react-icons/fa6";
import type { LoggedSet } from "../api/types";
import { DoneSelect } from "./done-select";
import { LabelledIcon } from "./labelled-icon";
import { RpeBadge } from "./rpe-badge";

interface DoneCellsProps {
  set: LoggedSet;
  /** This is the set the owner marks done next: it offers the RPE dropdown. */
  next: boolean;
  /** Names the set in the dropdown's label, e.g. "Bench Press set 2". */
  label: string;
  onDone: (set: LoggedSet, rpe: number) => void;
}

/**
 * DoneCells are a set's Done and RPE cells. The next set's dropdown takes both cells: an undone
 * set has no RPE to show, choosing one is what marks the set done, and together the two
 * columns give the dropdown room on a 375 px phone.
 */
export function DoneCells({ set, next, label, onDone }: DoneCellsProps) {
  if (!set.done && next) {
    return (
      <Table.Cell px="1" colSpan={2}>
        <DoneSelect label={`Mark ${label} done`} onDone={(rpe) => onDone(set, rpe)} />
      </Table.Cell>
    );
  }
  return (
    <>
      <Table.Cell px="1">
        {set.done ? (
          <LabelledIcon color="green.500" label="Done">
            <FaCheck aria-hidden />
          </LabelledIcon>
        ) : (
          <Box as="span" color="fg.muted">
            –
          </Box>
        )}
      </Table.Cell>
      <Table.Cell px="1">{set.done && <RpeBadge rpe={set.rpe} />}</Table.Cell>
    </>
  );
}
