import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";

/** StartWorkoutPage is where new users land; starting a workout comes in a later release. */
export function StartWorkoutPage() {
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Start Workout
      </Heading>
      <Text color="fg.muted">
        Logging workouts is not available yet. Meanwhile you can start your weight log.
      </Text>
      <HStack gap="3" wrap="wrap">
        <LinkButton to="/weight/add" colorPalette="brand" size="lg">
          Log Weight
        </LinkButton>
        <LinkButton to="/weight/list" variant="outline" size="lg">
          Weight Log
        </LinkButton>
      </HStack>
    </Stack>
  );
}
