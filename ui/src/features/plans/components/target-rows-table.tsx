import { Box, Button, Field, Grid, IconButton, SimpleGrid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FaPlus, FaTrash } from "react-icons/fa6";
import { canRemoveRow } from "../model/targets";

/** TargetColumn is one column of a targets table: its header and the cell of row index. */
export interface TargetColumn {
  header: string;
  cell: (index: number) => ReactNode;
}

interface TargetRowsTableProps {
  /** The table's name, e.g. "Targets". */
  label: string;
  columns: TargetColumn[];
  /** A stable key per row (the form's field-array ids). */
  rowKeys: string[];
  onAdd: () => void;
  onRemove: (index: number) => void;
}

// Set | the row's fields | Remove. On a phone the fields wrap two to a line (Distance and Unit
// over Minutes and Seconds), and so do their headers, so four inputs stay wide enough to tap.
const rowTemplate = "2rem minmax(0, 1fr) 3.5rem";

/**
 * TargetRowsTable is a plan exercise's targets: Set, the given columns and Remove, then Add Set.
 * The first row has no Remove; it cannot be removed.
 */
export function TargetRowsTable({ label, columns, rowKeys, onAdd, onRemove }: TargetRowsTableProps) {
  const fieldColumns = { base: Math.min(columns.length, 2), md: columns.length };
  return (
    <Stack gap="3">
      <Box role="table" aria-label={label}>
        <Grid role="row" templateColumns={rowTemplate} gap="2" pb="2" borderBottomWidth="1px" fontSize="sm" fontWeight="medium" alignItems="end">
          <Box role="columnheader">Set</Box>
          <SimpleGrid columns={fieldColumns} gap="2">
            {columns.map((column) => (
              <Box role="columnheader" key={column.header}>
                {column.header}
              </Box>
            ))}
          </SimpleGrid>
          <Box role="columnheader" textAlign="end">
            Remove
          </Box>
        </Grid>
        {rowKeys.map((key, index) => (
          <Grid role="row" key={key} data-testid="target-row" templateColumns={rowTemplate} gap="2" py="2" borderBottomWidth="1px" alignItems="start">
            <Box role="cell" fontWeight="medium" pt="2">
              {index + 1}
            </Box>
            <SimpleGrid columns={fieldColumns} gap="2">
              {columns.map((column) => (
                <Box role="cell" key={column.header}>
                  {column.cell(index)}
                </Box>
              ))}
            </SimpleGrid>
            <Box role="cell" textAlign="end">
              {canRemoveRow(index) && (
                <IconButton type="button" variant="ghost" colorPalette="red" aria-label={`Remove set ${index + 1}`} onClick={() => onRemove(index)}>
                  <FaTrash />
                </IconButton>
              )}
            </Box>
          </Grid>
        ))}
      </Box>
      <Button type="button" variant="outline" alignSelf="start" onClick={onAdd}>
        <FaPlus /> Add Set
      </Button>
    </Stack>
  );
}

/** TargetCell is one field of a target row: the input, and the server's message under it. */
export function TargetCell({ error, children }: { error: string | undefined; children: ReactNode }) {
  return (
    <Field.Root invalid={error !== undefined}>
      {children}
      {error !== undefined && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
