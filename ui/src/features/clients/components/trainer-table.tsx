import { Button, HStack, Table } from "@chakra-ui/react";
import type { TrainerRelationship } from "../api/types";
import { StatusBadge } from "./status-badge";

interface TrainerTableProps {
  trainers: TrainerRelationship[];
  /** Answers a request: accept (Confirmed) or reject (Rejected). */
  onAnswer: (trainer: TrainerRelationship, accept: boolean) => void;
  /** An answer is on its way: the buttons wait for it. */
  answering: boolean;
}

/** TrainerTable lists the user's trainers with their Status; requests can be accepted or rejected. */
export function TrainerTable({ trainers, onAnswer, answering }: TrainerTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" whiteSpace="normal">
      <Table.Root size={{ base: "sm", md: "md" }} aria-label="Trainers">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Trainer</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Options</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {trainers.map((trainer) => (
            <Table.Row key={trainer.id}>
              <Table.Cell>{trainer.trainerDisplayName}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={trainer.status} />
              </Table.Cell>
              <Table.Cell>
                {(trainer.status === "Requested" || trainer.status === "Invited") && (
                  <HStack gap="2" wrap="wrap">
                    <Button colorPalette="brand" size="md" disabled={answering} onClick={() => onAnswer(trainer, true)}>
                      Accept
                    </Button>
                    <Button
                      variant="outline"
                      colorPalette="red"
                      size="md"
                      disabled={answering}
                      onClick={() => onAnswer(trainer, false)}
                    >
                      Reject
                    </Button>
                  </HStack>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
