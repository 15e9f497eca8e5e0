import { Accordion, Card, List, Spinner, Stack, Text } from "@chakra-ui/react";
import { formatDate, formatNumber } from "@/lib/format";
import { useTrainingIntel } from "./get-training-intel";
import type { IntelBest, IntelSession, IntelSet } from "./types";

interface TrainingIntelCardProps {
  /** The exercise's name, as the plan exercise form holds it. */
  exercise: string;
  /** Trainers also see their clients' snapshots, in an accordion. */
  trainer?: boolean;
}

/**
 * TrainingIntelCard is the plan exercise form's "Training Intel": the user's last workouts
 * with the exercise and their personal best, and for trainers each client's the same.
 */
export function TrainingIntelCard({ exercise, trainer = false }: TrainingIntelCardProps) {
  const intel = useTrainingIntel(exercise);
  return (
    <Card.Root size="sm" aria-label="Training Intel">
      <Card.Header>
        <Card.Title>Training Intel</Card.Title>
      </Card.Header>
      <Card.Body>
        {exercise.trim() === "" ? (
          <Text color="fg.muted">Choose an exercise to see your previous performance.</Text>
        ) : intel.isPending ? (
          <Spinner size="sm" role="status" aria-label="Loading Training Intel" />
        ) : intel.isError ? (
          <Text color="fg.muted">Previous performance is not available.</Text>
        ) : (
          <Stack gap="3">
            <Snapshot sessions={intel.data.sessions} best={intel.data.best} exercise={intel.data.exercise} />
            {trainer && intel.data.clients.length > 0 && (
              <Accordion.Root collapsible multiple>
                {intel.data.clients.map((client) => (
                  <Accordion.Item key={client.clientDisplayName} value={client.clientDisplayName}>
                    <Accordion.ItemTrigger>
                      {client.clientDisplayName}
                      <Accordion.ItemIndicator />
                    </Accordion.ItemTrigger>
                    <Accordion.ItemContent>
                      <Accordion.ItemBody>
                        <Snapshot sessions={client.sessions} best={client.best} exercise={intel.data.exercise} />
                      </Accordion.ItemBody>
                    </Accordion.ItemContent>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Snapshot({ sessions, best, exercise }: { sessions: IntelSession[]; best: IntelBest | null; exercise: string }) {
  if (sessions.length === 0) return <Text color="fg.muted">No previous performance of {exercise}.</Text>;
  return (
    <Stack gap="2">
      {best && (
        <Text fontWeight="semibold">
          Best: {describeLoad(best.weight, best.weightUnit, best.reps)} on {formatDate(best.date)}
        </Text>
      )}
      {sessions.map((session) => (
        <Stack key={session.workoutId} gap="0">
          <Text textStyle="sm" color="fg.muted">
            {formatDate(session.date)}
          </Text>
          <List.Root ps="4" textStyle="sm">
            {session.sets.map((set) => (
              <List.Item key={set.setNumber}>{describeSet(set)}</List.Item>
            ))}
          </List.Root>
        </Stack>
      ))}
    </Stack>
  );
}

/** describeLoad is "100 kg × 5", "× 12" for bodyweight. */
function describeLoad(weight: number | null, unit: string | undefined, reps: number | null): string {
  const load = weight === null ? "" : `${formatNumber(weight)} ${unit ?? ""}`.trim();
  const times = reps === null ? "" : `× ${reps}`;
  return [load, times].filter((part) => part !== "").join(" ") || "–";
}

function describeSet(set: IntelSet): string {
  if (set.distance != null || set.minutes != null || set.seconds != null) {
    const distance = set.distance == null ? "" : `${formatNumber(set.distance)} ${set.unit ?? ""}`.trim();
    const time =
      set.minutes == null && set.seconds == null ? "" : `${set.minutes ?? 0}:${String(set.seconds ?? 0).padStart(2, "0")}`;
    return `Set ${set.setNumber}: ${[distance, time].filter((part) => part !== "").join(", ")}`;
  }
  const rpe = set.rpe === null ? "" : ` @ RPE ${set.rpe}`;
  return `Set ${set.setNumber}: ${describeLoad(set.weight, set.weightUnit, set.reps)}${rpe}`;
}
