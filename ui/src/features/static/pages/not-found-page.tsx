import { Heading, Stack, Text } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";

/** NotFoundPage answers every path the app does not know. */
export function NotFoundPage() {
  return (
    <Stack gap="5" align="center" textAlign="center" py="10">
      <Heading as="h1" size="3xl">
        Oops! Page Not Found
      </Heading>
      <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
      <LinkButton to="/home" colorPalette="brand" size="lg">
        Go to the homepage
      </LinkButton>
    </Stack>
  );
}
