import { Box, Card, Heading, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { LoggedSet } from "../api/types";
import { formatCardioTime, formatDistance, formatLift } from "../model/format";
import { withSetKind } from "../model/set-kind";
import { RpeBadge } from "./rpe-badge";
import { SetNote } from "./set-note";

interface KnowBeforeYouLiftProps {
  current: LoggedSet[];
  previous: LoggedSet[] | undefined;
}

/**
 * KnowBeforeYouLift shows this exercise's sets in this workout and the last time it was done, each
 * with its kind when not normal ("60 kg x 5 · Warm-up") and its note on one line under it ("seat at
 * 4" from last time is what a lifter needs before the set).
 */
export function KnowBeforeYouLift({ current, previous }: KnowBeforeYouLiftProps) {
  return (
    <Card.Root variant="subtle" as="section" aria-label="Know Before You Lift">
      <Card.Body p="4">
        <Heading as="h2" size="md" mb="3">
          Know Before You Lift
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Stack gap="1" aria-label="Sets this session" as="section">
            <Text fontWeight="semibold">Sets this session</Text>
            {current.length === 0 ? <Text color="fg.muted">This is your first set, go for it!</Text> : <SetList sets={current} />}
          </Stack>
          <Stack gap="1" aria-label="Last time" as="section">
            <Text fontWeight="semibold">Last time</Text>
            {previous === undefined ? null : previous.length === 0 ? (
              <Text color="fg.muted">This exercise has not been logged before.</Text>
            ) : (
              <SetList sets={previous} />
            )}
          </Stack>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function SetList({ sets }: { sets: LoggedSet[] }) {
  return (
    <List.Root gap="1" ps="0" listStyleType="none">
      {sets.map((set) => (
        <List.Item key={set.id} display="flex" flexWrap="wrap" columnGap="2" alignItems="center">
          <Text as="span">
            {set.setNumber}. {set.isCardio ? `${formatDistance(set)} in ${formatCardioTime(set.minutes, set.seconds)}` : withSetKind(formatLift(set), set)}
          </Text>
          {set.done && <RpeBadge rpe={set.rpe} />}
          {set.note && (
            <Box flexBasis="full" minW="0">
              <SetNote note={set.note} oneLine />
            </Box>
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}
