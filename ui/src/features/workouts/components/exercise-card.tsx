import { Badge, Card, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { FaPlus } from "react-icons/fa6";
import { LinkButton } from "@/components/ui/link";
import type { LoggedSet } from "../api/types";
import type { ExerciseGroup } from "../model/group-sets";
import { CardioTable } from "./cardio-table";
import { RestTimer } from "./rest-timer";
import { SetsTable } from "./sets-table";

interface ExerciseCardProps {
  workoutId: string;
  group: ExerciseGroup;
  owner: boolean;
  /** When the last set of this exercise was marked done, for the rest timer. */
  restSince: number | null;
  onDone: (set: LoggedSet, rpe: number) => void;
}

/** ExerciseCard is one exercise of the workout view with its sets and the owner's buttons. */
export function ExerciseCard({ workoutId, group, owner, restSince, onDone }: ExerciseCardProps) {
  const first = group.sets[0];
  const planNotes = group.sets.find((set) => set.planNotes)?.planNotes;
  const category = first?.category ?? "free-weights";
  const name = encodeURIComponent(group.exercise);
  const addTo = group.cardio
    ? `/workouts/${workoutId}/cardio/add/${name}`
    : `/workouts/${workoutId}/exercises/add/${name}?category=${category}`;
  const hasGroups = (first?.muscleGroupNames.length ?? 0) > 0;
  return (
    <Card.Root variant="outline" as="section" aria-label={group.exercise}>
      <Card.Header p={{ base: "3", md: "5" }} pb="0">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <Heading as="h2" size="lg">
              {group.exercise}
            </Heading>
            {group.cardio && (
              <Badge colorPalette="purple" variant="solid">
                Cardio
              </Badge>
            )}
          </HStack>
          {restSince !== null && <RestTimer since={restSince} />}
        </HStack>
        {planNotes && (
          <Text color="fg.muted" whiteSpace="pre-line">
            {planNotes}
          </Text>
        )}
      </Card.Header>
      <Card.Body p={{ base: "3", md: "5" }}>
        <Stack gap="3">
          {/* The scroll area would keep every cell on one line; the tables wrap only where they can. */}
          <Table.ScrollArea whiteSpace="normal">
            {group.cardio ? (
              <CardioTable workoutId={workoutId} sets={group.sets} owner={owner} caption={`${group.exercise} sets`} onDone={onDone} />
            ) : (
              <SetsTable workoutId={workoutId} sets={group.sets} owner={owner} caption={`${group.exercise} sets`} onDone={onDone} />
            )}
          </Table.ScrollArea>
          {owner && (
            <HStack gap="2" wrap="wrap">
              <LinkButton to={addTo} colorPalette="brand" size="lg" px="4" flex="1 1 auto">
                <FaPlus aria-hidden /> Add Set
              </LinkButton>
              {!group.cardio && (
                <LinkButton to={`/workouts/${workoutId}/exercises/muscle-groups/${name}`} variant="outline" size="lg" px="4" flex="1 1 auto">
                  {hasGroups ? "Edit Muscle Groups" : "Add Muscle Groups"}
                </LinkButton>
              )}
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
