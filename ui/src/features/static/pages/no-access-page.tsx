import { Heading, Stack, Text } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";

/** NoAccessPage is where a signed-in user lands after a 403. */
export function NoAccessPage() {
  return (
    <Stack gap="5" align="center" textAlign="center" py="10">
      <Heading as="h1" size="3xl">
        Access Denied
      </Heading>
      <Text color="fg.muted">Sorry, you don't have permission to view this page.</Text>
      <LinkButton to="/home" colorPalette="brand" size="lg">
        Go to the homepage
      </LinkButton>
    </Stack>
  );
}
