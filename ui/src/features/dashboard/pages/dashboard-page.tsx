import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";

/** DashboardPage greets the signed-in user; its charts and widgets come in a later release. */
export function DashboardPage() {
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Dashboard
      </Heading>
      <Text color="fg.muted">
        Charts of your workouts and personal bests will appear here. For now you can keep your
        weight log.
      </Text>
      <HStack gap="3" wrap="wrap">
        <LinkButton to="/weight/list" colorPalette="brand" size="lg">
          Weight Log
        </LinkButton>
        <LinkButton to="/weight/add" variant="outline" size="lg">
          Log Weight
        </LinkButton>
      </HStack>
    </Stack>
  );
}
