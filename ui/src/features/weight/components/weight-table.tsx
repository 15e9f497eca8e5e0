import { IconButton, Table } from "@chakra-ui/react";
import { FaTrash } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import { formatDate, formatDifference, formatNumber } from "@/lib/format";
import type { WeightEntry } from "../api/types";

/** WeightTable lists weight entries with their difference from the entry before each. */
export function WeightTable({ entries }: { entries: WeightEntry[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size={{ base: "sm", md: "md" }} aria-label="Weight Log">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date weighed</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Weight</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Difference</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Delete</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => {
            const date = formatDate(entry.dateWeighed);
            const weight = `${formatNumber(entry.weight)} ${entry.unit}`;
            return (
              <Table.Row key={entry.id}>
                <Table.Cell>{date}</Table.Cell>
                <Table.Cell textAlign="end">{weight}</Table.Cell>
                <Table.Cell textAlign="end">
                  {entry.difference === null ? "–" : `${formatDifference(entry.difference)} ${entry.unit}`}
                </Table.Cell>
                <Table.Cell textAlign="end" py="1">
                  <IconButton asChild variant="ghost" colorPalette="red" size="lg" aria-label={`Delete ${weight} on ${date}`}>
                    <RouterLink to={`/weight/delete/${entry.id}`}>
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
