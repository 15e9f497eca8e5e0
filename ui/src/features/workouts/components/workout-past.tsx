import { Box, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { AsItStood, UndoButton } from "@/components/history/as-it-stood";
import { HistoryPanel } from "@/components/history/history-panel";
import { workoutKeys } from "../api/workout-keys";

/** WorkoutThen is a workout as it stood, as GET /api/sessions/{id}/as-of answers. */
interface WorkoutThen {
  name: string;
  date: string;
  startTime: string;
  finishTime: string;
  isFinished: boolean;
  sets: {
    id: string;
    exercise: string;
    weight: number | null;
    unit: string;
    reps: number | null;
    rpe: number | null;
    done: boolean;
    distance: number | null;
    distanceUnit: string;
    minutes: number | null;
    seconds: number | null;
  }[];
}

function setText(set: WorkoutThen["sets"][number]): string {
  const parts: string[] = [];
  if (set.distance !== null) parts.push(`${set.distance} ${set.distanceUnit}`.trim());
  if (set.minutes !== null || set.seconds !== null) parts.push(`${set.minutes ?? 0}:${String(set.seconds ?? 0).padStart(2, "0")}`);
  if (set.weight !== null) parts.push(`${set.weight} ${set.unit}`);
  if (set.reps !== null) parts.push(`× ${set.reps}`);
  return parts.join(" ") || "–";
}

function WorkoutThenView({ then }: { then: WorkoutThen }) {
  return (
    <Stack gap="2">
      <Text>
        {then.name || "Workout"} · {then.date} {then.startTime}
        {then.isFinished ? `–${then.finishTime}` : " (in progress)"}
      </Text>
      {then.sets.length === 0 ? (
        <Text color="fg.muted">No sets then.</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Sets as they stood">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Exercise</Table.ColumnHeader>
                <Table.ColumnHeader>Set</Table.ColumnHeader>
                <Table.ColumnHeader>RPE</Table.ColumnHeader>
                <Table.ColumnHeader>Done</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {then.sets.map((set) => (
                <Table.Row key={set.id}>
                  <Table.Cell>{set.exercise}</Table.Cell>
                  <Table.Cell>{setText(set)}</Table.Cell>
                  <Table.Cell>{set.rpe ?? "–"}</Table.Cell>
                  <Table.Cell>{set.done ? "Yes" : "No"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/**
 * WorkoutPast is the workout's past under its view: Undo last change for the owner, the
 * workout as it stood on a chosen date and time, and its History.
 */
export function WorkoutPast({ workoutId, owner }: { workoutId: string; owner: boolean }) {
  return (
    <Box as="section" aria-labelledby="workout-past" borderTopWidth="1px" pt="4">
      <Stack gap="4">
        <Heading as="h2" size="lg" id="workout-past">
          Changes
        </Heading>
        {owner && (
          <UndoButton
            path={`/api/sessions/${workoutId}/undo`}
            refresh={[workoutKeys.detail(workoutId), workoutKeys.sets(workoutId), workoutKeys.lists()]}
            lastChangeKey={[...workoutKeys.detail(workoutId), "last-change"]}
          />
        )}
        <AsItStood<WorkoutThen> path={`/api/sessions/${workoutId}/as-of`} what="workout" render={(then) => <WorkoutThenView then={then} />} />
        <HistoryPanel path={`/api/sessions/${workoutId}/history`} />
      </Stack>
    </Box>
  );
}
