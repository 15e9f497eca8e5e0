import { Badge, Box, Card, Heading, HStack, Stack, Text, Wrap } from "@chakra-ui/react";
import { formatWhen } from "@/components/history/history-panel";
import { afterTheDay } from "@/lib/after-the-day";
import { formatDate, formatNumber } from "@/lib/format";
import type { Workout } from "../api/types";
import { formatDuration } from "../model/format";

/**
 * WorkoutHeading is the workout view's heading card: title, whose it is (a trainer viewing a
 * client's), date, start to finish (or IN PROGRESS), duration, the latest change made after the
 * workout's day, muscle groups, the total volume once finished, and the lifter's notes, every line
 * kept (a screen reader hears "Notes:" before them).
 */
export function WorkoutHeading({ workout }: { workout: Workout }) {
  return (
    <Card.Root variant="outline">
      <Card.Body p={{ base: "4", md: "6" }}>
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {workout.name || "Workout"}
          </Heading>
          {workout.userDisplayName && <Text color="fg.muted">Client: {workout.userDisplayName}</Text>}
          <HStack gap="3" wrap="wrap">
            <Text fontWeight="medium">{formatDate(workout.date)}</Text>
            {workout.isFinished ? (
              <Text>
                {workout.startTime} – {workout.finishTime}
              </Text>
            ) : (
              <>
                <Text>{workout.startTime}</Text>
                <Badge colorPalette="orange" variant="solid" size="lg">
                  IN PROGRESS
                </Badge>
              </>
            )}
            {workout.isFinished && <Text data-testid="workout-duration">{formatDuration(workout.duration)}</Text>}
          </HStack>
          {workout.changedAfterTheDay && (
            <Badge colorPalette="orange" variant="subtle" size="lg" alignSelf="start" whiteSpace="normal">
              Changed after the day: {afterTheDay(workout.changedAfterTheDay.daysAfter)} (latest{" "}
              {formatWhen(workout.changedAfterTheDay.at)})
            </Badge>
          )}
          {workout.muscleGroups.length > 0 && (
            <Wrap gap="1" aria-label="Muscle groups">
              {workout.muscleGroups.map((group) => (
                <Badge key={group} colorPalette="brand" variant="subtle">
                  {group}
                </Badge>
              ))}
            </Wrap>
          )}
          {workout.isFinished && workout.volume !== null && (
            <Text data-testid="workout-volume">
              Total volume: {formatNumber(workout.volume)} {workout.unit}
            </Text>
          )}
          {workout.notes && (
            <Box data-testid="workout-notes">
              <Text srOnly>Notes:</Text>
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {workout.notes}
              </Text>
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
