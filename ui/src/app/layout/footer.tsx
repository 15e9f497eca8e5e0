import { Box, Container, HStack, Stack, Text } from "@chakra-ui/react";
import { AppLink } from "@/components/ui/link";

/** Footer carries the tagline and the links to the terms, privacy and contact pages. */
export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" py="6" bg="bg.subtle">
      <Container maxW="5xl" px={{ base: "4", md: "6" }}>
        <Stack direction={{ base: "column", md: "row" }} justify="space-between" gap="3">
          <Text color="fg.muted">Gymlog: log every set between sets. Free for personal use.</Text>
          <HStack as="nav" aria-label="Footer" gap="5" wrap="wrap">
            <AppLink to="/terms" py="2">
              Terms of Service
            </AppLink>
            <AppLink to="/privacy" py="2">
              Privacy Policy
            </AppLink>
            <AppLink to="/contact" py="2">
              Contact
            </AppLink>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
