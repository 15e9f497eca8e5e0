import { Badge, Card, Heading, Popover, Portal, Stack, Text, Wrap } from "@chakra-ui/react";
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
 * "Muscle groups not in plan", each opening (on a tap, a click or the keyboard) the exercises that
 * would cover it.
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
  // A toggletip, not a hover tooltip: a phone has no hover, and a tap on a tooltip's trigger
  // closes it. A tap, a click or Enter opens it; a tap elsewhere or Escape closes it.
  return (
    <Popover.Root positioning={{ placement: "top" }} size="xs">
      <Popover.Trigger asChild>
        <Badge asChild size="lg" variant="outline" colorPalette="gray" cursor="help" minH="8">
          <button type="button">{group.name}</button>
        </Badge>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="xs" aria-label={`Exercises for ${group.name}`}>
            <Popover.Arrow />
            <Popover.Body>{covering}</Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
