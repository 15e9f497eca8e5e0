import { Badge, Table, Text } from "@chakra-ui/react";
import type { PlanCompliance } from "../api/types";

/** formatCompliance is workouts done against those expected: "3 of 12.86 (23%)". */
export function formatCompliance(done: number, expected: number, rate: number): string {
  return `${done} of ${Number(expected.toFixed(2))} (${Math.round(rate * 100)}%)`;
}

/** NeedsAttention marks a client whose 30-day compliance fell by a fifth or more against their 90-day one. */
export function NeedsAttention() {
  return (
    <Badge colorPalette="red" variant="subtle" ms="2">
      Needs attention
    </Badge>
  );
}

/**
 * ComplianceTable shows, for each plan with a weekly target shared with a client, the
 * workouts they started from it over 7, 30 and 90 days against what the target asks.
 */
export function ComplianceTable({ plans }: { plans: PlanCompliance[] }) {
  if (plans.length === 0) {
    return <Text color="fg.muted">No plan you share with them has a weekly target. Set one on the plan's Share page.</Text>;
  }
  return (
    <Table.ScrollArea whiteSpace="normal">
      <Table.Root size="sm" aria-label="Compliance">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Plan</Table.ColumnHeader>
            {plans[0]!.periods.map((p) => (
              <Table.ColumnHeader key={p.days}>{p.days} days</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {plans.map((plan) => (
            <Table.Row key={plan.planId}>
              <Table.Cell>
                {plan.planName} · {plan.timesAWeek} a week
                {plan.needsAttention && <NeedsAttention />}
              </Table.Cell>
              {plan.periods.map((p) => (
                <Table.Cell key={p.days}>{formatCompliance(p.done, p.expected, p.rate)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
