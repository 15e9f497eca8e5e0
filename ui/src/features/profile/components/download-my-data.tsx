import { Button, Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";

/** DownloadMyData offers the user's data as files: every event (NDJSON) and their sets as Strong's CSV. */
export function DownloadMyData() {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          Download my data
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text color="fg.muted">
            NDJSON holds everything you logged, event by event, and imports back into Gymlog. CSV has a row per set in
            Strong&apos;s columns, for spreadsheets and other apps.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand" size="lg">
              <a href="/api/exports/events" download>
                Download NDJSON
              </a>
            </Button>
            <Button asChild variant="outline" size="lg">
              <a href="/api/exports/strong-csv" download>
                Download CSV
              </a>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
