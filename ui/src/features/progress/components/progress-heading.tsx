import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useLocation } from "react-router";
import { LinkButton } from "@/components/ui/link";
import { useUserFilter } from "./use-user-filter";

interface ProgressHeadingProps {
  title: string;
  /** The other progress screen: its label and path. */
  other: { label: string; to: string };
}

/**
 * ProgressHeading is a progress screen's title, naming the client a trainer follows, with a link
 * to the other screen that keeps the user filter.
 */
export function ProgressHeading({ title, other }: ProgressHeadingProps) {
  const { search } = useLocation();
  const user = useUserFilter();
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {user && <Text color="fg.muted">Client: {user}</Text>}
      </Stack>
      <LinkButton to={`${other.to}${search}`} variant="outline" size="lg">
        {other.label}
      </LinkButton>
    </HStack>
  );
}
