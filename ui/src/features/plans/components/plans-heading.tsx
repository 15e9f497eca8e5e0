import { Heading, HStack } from "@chakra-ui/react";
import { AppLink, LinkButton } from "@/components/ui/link";

/** PlansHeading heads the plan list and grid: Plans, the link to the other view, Create new plan. */
export function PlansHeading({ viewTo, viewLabel }: { viewTo: string; viewLabel: string }) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Heading as="h1" size="2xl">
        Plans
      </Heading>
      <HStack gap="4" wrap="wrap">
        <AppLink to={viewTo}>{viewLabel}</AppLink>
        <LinkButton to="/plan/add" colorPalette="brand" size="lg">
          Create new plan
        </LinkButton>
      </HStack>
    </HStack>
  );
}
