import { Heading, HStack } from "@chakra-ui/react";
import { useLocation } from "react-router";
import { LinkButton } from "@/components/ui/link";

interface ProgressHeadingProps {
  title: string;
  /** The other progress screen: its label and path. */
  other: { label: string; to: string };
}

/** ProgressHeading is a progress screen's title with a link to the other screen, keeping the user filter. */
export function ProgressHeading({ title, other }: ProgressHeadingProps) {
  const { search } = useLocation();
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <LinkButton to={`${other.to}${search}`} variant="outline" size="lg">
        {other.label}
      </LinkButton>
    </HStack>
  );
}
