import { IconButton, Table } from "@chakra-ui/react";
import { FaTrash } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import { formatDate, formatDifference, formatNumber } from "@/lib/format";
import type { SizeEntry } from "../api/types";

/** SizeTable lists one category's measurements with their difference from the one before each. */
export function SizeTable({ entries, label }: { entries: SizeEntry[]; label: string }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size={{ base: "sm", md: "md" }} aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date measured</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Measurement (cm)</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Difference (cm)</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Delete</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => {
            const date = formatDate(entry.dateMeasured);
            const measurement = formatNumber(entry.measurement);
            return (
              <Table.Row key={entry.id}>
                <Table.Cell>{date}</Table.Cell>
                <Table.Cell textAlign="end">{measurement}</Table.Cell>
                <Table.Cell textAlign="end">
                  {entry.difference === null ? "–" : formatDifference(entry.difference)}
                </Table.Cell>
                <Table.Cell textAlign="end" py="1">
                  <IconButton
                    asChild
                    variant="ghost"
                    colorPalette="red"
                    size="lg"
                    aria-label={`Delete ${measurement} cm on ${date}`}
                  >
                    <RouterLink to={`/size/delete/${entry.id}`}>
                      <FaTrash />
                    </RouterLink>
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
