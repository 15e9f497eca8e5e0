import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import type { PlanSummary } from "../api/types";

interface PlanListProps {
  plans: PlanSummary[];
  /** The plan whose workout is being started, if any. */
  starting: string | null;
  onStart: (plan: PlanSummary) => void;
}

/** PlanList lists the user's plans on the start page, each with a Start button. */
export function PlanList({ plans, starting, onStart }: PlanListProps) {
  if (plans.length === 0) return <Text color="fg.muted">Plans created will show here</Text>;
  return (
    <Stack gap="2" as="ul" listStyleType="none">
      {plans.map((plan) => (
        <HStack as="li" key={plan.id} justify="space-between" gap="2" borderBottomWidth="1px" py="2">
          <Stack gap="0" minW="0">
            <Text fontWeight="medium" overflowWrap="anywhere">
              {plan.name}
            </Text>
            {plan.exercises.length > 0 && (
              <Text color="fg.muted" fontSize="sm" lineClamp="2">
                {plan.exercises.join(", ")}
              </Text>
            )}
          </Stack>
          <Button
            colorPalette="brand"
            variant="outline"
            size="lg"
            loading={starting === plan.id}
            disabled={starting !== null}
            aria-label={`Start ${plan.name}`}
            onClick={() => onStart(plan)}
          >
            Start
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
