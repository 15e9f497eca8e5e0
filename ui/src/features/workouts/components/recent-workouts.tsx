import { Button, HStack, Menu, Portal, Stack, Text } from "@chakra-ui/react";
import { FaChevronDown } from "react-icons/fa6";
import type { Unit } from "@/features/account";
import { formatDate } from "@/lib/format";
import type { Workout } from "../api/types";
import { incrementsFor, type Increment } from "../model/increments";

interface RecentWorkoutsProps {
  workouts: Workout[];
  unit: Unit;
  starting: boolean;
  onStart: (workout: Workout, increment: Increment) => void;
}

/**
 * RecentWorkouts lists earlier workouts, each with a Start dropdown of the duplicate increments.
 * The name shows in full, so two workouts on a phone can be told apart; the exercises take at
 * most two lines.
 */
export function RecentWorkouts({ workouts, unit, starting, onStart }: RecentWorkoutsProps) {
  if (workouts.length === 0) return <Text color="fg.muted">Previous gym workouts will show here</Text>;
  return (
    <Stack gap="2" as="ul" listStyleType="none">
      {workouts.map((workout) => {
        const title = `${formatDate(workout.date)} ${workout.name || "Workout"}`;
        return (
          <HStack as="li" key={workout.id} justify="space-between" gap="2" borderBottomWidth="1px" py="2">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium">{formatDate(workout.date)}</Text>
              <Text overflowWrap="anywhere">{workout.name || "Workout"}</Text>
              {workout.exerciseNames.length > 0 && (
                <Text color="fg.muted" fontSize="sm" lineClamp="2">
                  {workout.exerciseNames.join(", ")}
                </Text>
              )}
            </Stack>
            {/* Below its trigger always: near the foot of a phone's screen a flipping menu opened
                above, then jumped below as the page scrolled to it, and a tap meant for an
                increment landed on the page. */}
            <Menu.Root positioning={{ placement: "bottom-end", flip: false }}>
              <Menu.Trigger asChild>
                <Button colorPalette="brand" variant="outline" size="lg" loading={starting} aria-label={`Start from ${title}`}>
                  Start <FaChevronDown aria-hidden />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {incrementsFor(unit).map((increment) => (
                      <Menu.Item key={increment.label} value={increment.label} minH="11" onSelect={() => onStart(workout, increment)}>
                        {increment.label}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        );
      })}
    </Stack>
  );
}
