import { Heading, Stack, Text } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";

/** HomePage is the public landing page. */
export function HomePage() {
  return (
    <Stack gap="5" align="center" textAlign="center" py={{ base: "6", md: "16" }}>
      <Heading as="h1" size={{ base: "3xl", md: "5xl" }}>
        Log your workouts between sets
      </Heading>
      <Text fontSize="lg" color="fg.muted" maxW="2xl">
        Gymlog is free for personal use. It is a website, so there is no app to install: open it on
        your phone and log each set while you rest.
      </Text>
      <LinkButton to="/signup" colorPalette="brand" size="xl">
        Sign Up
      </LinkButton>
    </Stack>
  );
}
