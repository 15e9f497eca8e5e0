import { Badge, HStack, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import { FaEye, FaPen, FaTrash } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import { afterTheDay } from "@/lib/after-the-day";
import { formatDate, formatNumber } from "@/lib/format";
import type { Workout } from "../api/types";
import { formatDuration } from "../model/format";

const wide = { base: "none", md: "table-cell" } as const;

/**
 * WorkoutTable lists workouts: Workout (date and name), By (for trainers), Start, Finish,
 * Duration and Options (edit and delete for the owner only).
 * On a phone Start, Finish and Duration are hidden; the duration and volume then read under the
 * name so nothing needs a sideways scroll.
 */
export function WorkoutTable({ workouts, userId, showBy = false }: { workouts: Workout[]; userId: string | undefined; showBy?: boolean }) {
  return (
    <Table.Root size={{ base: "sm", md: "md" }} aria-label="Workouts" borderWidth="1px" rounded="md">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Workout</Table.ColumnHeader>
          {showBy && <Table.ColumnHeader>By</Table.ColumnHeader>}
          <Table.ColumnHeader display={wide}>Start</Table.ColumnHeader>
          <Table.ColumnHeader display={wide}>Finish</Table.ColumnHeader>
          <Table.ColumnHeader display={wide}>Duration</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Options</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {workouts.map((workout) => {
          const title = `${workout.name || "Workout"} on ${formatDate(workout.date)}`;
          const owner = workout.userId === userId;
          return (
            <Table.Row key={workout.id} data-testid="workout-row">
              <Table.Cell>
                <Stack gap="0">
                  <Text fontWeight="medium">{formatDate(workout.date)}</Text>
                  <Text>{workout.name || "Workout"}</Text>
                  {workout.changedAfterTheDay && (
                    <Badge colorPalette="orange" variant="subtle" alignSelf="start" whiteSpace="normal">
                      Changed after the day: {afterTheDay(workout.changedAfterTheDay.daysAfter)}
                    </Badge>
                  )}
                  {workout.isFinished ? (
                    <Text color="fg.muted" fontSize="sm">
                      <Text as="span" display={{ base: "inline", md: "none" }}>
                        {formatDuration(workout.duration)} ·{" "}
                      </Text>
                      Volume {formatNumber(workout.volume ?? 0)} {workout.unit}
                    </Text>
                  ) : (
                    <Text color="orange.fg" fontSize="sm">
                      IN PROGRESS
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
              {showBy && <Table.Cell>{workout.userDisplayName ?? "–"}</Table.Cell>}
              <Table.Cell display={wide}>{workout.startTime}</Table.Cell>
              <Table.Cell display={wide}>{workout.finishTime ?? "–"}</Table.Cell>
              <Table.Cell display={wide}>{workout.isFinished ? formatDuration(workout.duration) : "–"}</Table.Cell>
              <Table.Cell textAlign="end" py="1">
                <HStack gap="0" justify="end">
                  <IconButton asChild variant="ghost" size="lg" aria-label={`View ${title}`}>
                    <RouterLink to={`/workouts/view/${workout.id}`}>
                      <FaEye />
                    </RouterLink>
                  </IconButton>
                  {owner && (
                    <IconButton asChild variant="ghost" size="lg" aria-label={`Edit ${title}`}>
                      <RouterLink to={`/workouts/edit/${workout.id}`}>
                        <FaPen />
                      </RouterLink>
                    </IconButton>
                  )}
                  {owner && (
                    <IconButton asChild variant="ghost" colorPalette="red" size="lg" aria-label={`Delete ${title}`}>
                      <RouterLink to={`/workouts/delete/${workout.id}`}>
                        <FaTrash />
                      </RouterLink>
                    </IconButton>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
