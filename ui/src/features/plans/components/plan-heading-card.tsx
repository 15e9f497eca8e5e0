import { Badge, Card, Heading, Portal, Stack, Text, Tooltip, Wrap } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { Plan, UnusedMuscleGroup } from "../api/types";

interface PlanHeadingCardProps {
  plan: Plan;
  /** The muscle groups the plan misses (the owner's view); undefined while unknown. */
  unused: UnusedMuscleGroup[] | undefined;
  /** The plan's buttons: Edit Plan, Delete Plan, + Exercise. */
  actions?: ReactNode;
}

/**
 * PlanHeadingCard heads the plan overview: name, notes, the plan's muscle groups and the
 * "Muscle groups not in plan", each with a tooltip of the exercises that would cover it.
 */
export function PlanHeadingCard({ plan, unused, actions }: PlanHeadingCardProps) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h1" size="2xl" overflowWrap="anywhere">
          {plan.name}
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        {plan.kept && (
          <Text color="fg.muted">
            By {plan.createdByDisplayName}. {plan.kept === "bought" ? "You bought this plan" : "This plan was shared with you"}, and
            it stays yours as it stood when its trainer gave it up; it no longer changes.
          </Text>
        )}
        {plan.notes && <Text overflowWrap="anywhere">{plan.notes}</Text>}
        {plan.muscleGroups.length > 0 && (
          <Wrap gap="2" aria-label="Muscle groups in plan">
            {plan.muscleGroups.map((name) => (
              <Badge key={name} colorPalette="brand" size="lg">
                {name}
              </Badge>
            ))}
          </Wrap>
        )}
        {unused && unused.length > 0 && (
          <Stack gap="2">
            <Text fontWeight="medium">Muscle groups not in plan</Text>
            <Wrap gap="2" aria-label="Muscle groups not in plan">
              {unused.map((group) => (
                <UnusedBadge key={group.id} group={group} />
              ))}
            </Wrap>
          </Stack>
        )}
        {actions}
      </Card.Body>
    </Card.Root>
  );
}

function UnusedBadge({ group }: { group: UnusedMuscleGroup }) {
  const covering = group.exercises.length > 0 ? group.exercises.join(", ") : "No suggestions";
  return (
    <Tooltip.Root openDelay={150} closeDelay={0} positioning={{ placement: "top" }}>
      <Tooltip.Trigger asChild>
        {/* A button, so a tap or the keyboard shows the tooltip too, not only a mouse. */}
        <Badge asChild size="lg" variant="outline" colorPalette="gray" cursor="help" minH="8">
          <button type="button">{group.name}</button>
        </Badge>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">{covering}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
