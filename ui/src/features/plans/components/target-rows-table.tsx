import { Button, Field, IconButton, Stack, Table } from "@chakra-ui/react";
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

/**
 * TargetRowsTable is a plan exercise's targets: Set, the given columns and Remove, then Add Set.
 * The first row has no Remove; it cannot be removed.
 */
export function TargetRowsTable({ label, columns, rowKeys, onAdd, onRemove }: TargetRowsTableProps) {
  return (
    <Stack gap="3">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10" px="1">
              Set
            </Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} px="1">
                {column.header}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader w="12" px="1" textAlign="end">
              Remove
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rowKeys.map((key, index) => (
            <Table.Row key={key} data-testid="target-row">
              <Table.Cell px="1" fontWeight="medium">
                {index + 1}
              </Table.Cell>
              {columns.map((column) => (
                <Table.Cell key={column.header} px="1" verticalAlign="top">
                  {column.cell(index)}
                </Table.Cell>
              ))}
              <Table.Cell px="1" textAlign="end" verticalAlign="top">
                {canRemoveRow(index) && (
                  <IconButton type="button" variant="ghost" colorPalette="red" aria-label={`Remove set ${index + 1}`} onClick={() => onRemove(index)}>
                    <FaTrash />
                  </IconButton>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
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
