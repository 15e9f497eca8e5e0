import { Badge, Card, Heading, HStack, Table, Text } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";
import { formatCardioTime } from "@/features/workouts";
import { formatNumber } from "@/lib/format";
import type { PlanExercise, Target } from "../api/types";

const dash = "–";
const number = (value: number | null | undefined) => (value === null || value === undefined ? dash : formatNumber(value));

/** PlanExerciseCard is one exercise of the plan overview with its targets; Edit and Delete for the owner. */
export function PlanExerciseCard({ exercise, owner }: { exercise: PlanExercise; owner: boolean }) {
  const editTo = `/plan/${exercise.plan}/${exercise.cardio ? "cardio" : "exercises"}/edit/${exercise.id}`;
  return (
    <Card.Root variant="outline" as="article" aria-label={exercise.name} data-testid="plan-exercise">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="2">
          <Heading as="h2" size="lg" overflowWrap="anywhere">
            {exercise.name}
          </Heading>
          {exercise.cardio && <Badge colorPalette="orange">Cardio</Badge>}
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <TargetsTable exercise={exercise} />
        {exercise.notes && (
          <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
            {exercise.notes}
          </Text>
        )}
      </Card.Body>
      {owner && (
        <Card.Footer gap="2">
          <LinkButton to={editTo} variant="outline" size="md" flex="1" aria-label={`Edit ${exercise.name}`}>
            Edit
          </LinkButton>
          <LinkButton
            to={`/plan/${exercise.plan}/exercises/delete/${exercise.id}`}
            variant="outline"
            colorPalette="red"
            size="md"
            flex="1"
            aria-label={`Delete ${exercise.name}`}
          >
            Delete
          </LinkButton>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

function TargetsTable({ exercise }: { exercise: PlanExercise }) {
  const columns = exercise.cardio
    ? ["Set", "Distance", "Time"]
    : exercise.bodyweight
      ? ["Set", "Reps"]
      : ["Set", `Weight (${exercise.weightUnit || "kg"})`, "Reps"];
  const cells = (t: Target) =>
    exercise.cardio
      ? [`${number(t.distance)}${t.unit ? ` ${t.unit}` : ""}`, formatCardioTime(t.minutes ?? null, t.seconds ?? null)]
      : exercise.bodyweight
        ? [number(t.reps)]
        : [number(t.weight), number(t.reps)];
  return (
    <Table.Root size="sm" aria-label={`${exercise.name} targets`}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {exercise.targets.map((target, i) => (
          <Table.Row key={i} data-testid="target-row">
            <Table.Cell>{i + 1}</Table.Cell>
            {cells(target).map((cell, j) => (
              <Table.Cell key={j}>{cell}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
