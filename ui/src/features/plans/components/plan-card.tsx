import { Card, DataList, Heading, Text } from "@chakra-ui/react";
import { AppLink } from "@/components/ui/link";
import { useUser } from "@/features/account";
import type { Plan } from "../api/types";
import { byName, forNames } from "../model/plan-people";

/** PlanCard is one plan of the grid: its exercises, notes, By and For. */
export function PlanCard({ plan }: { plan: Plan }) {
  const { data: user } = useUser();
  return (
    <Card.Root variant="outline" as="article" aria-label={plan.name} data-testid="plan-card">
      <Card.Header>
        <Heading as="h2" size="lg" overflowWrap="anywhere">
          <AppLink to={`/plan/${plan.id}/view`}>{plan.name}</AppLink>
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text overflowWrap="anywhere">{plan.exercises.length > 0 ? plan.exercises.join(", ") : "No exercises yet"}</Text>
        {plan.notes && (
          <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
            {plan.notes}
          </Text>
        )}
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>By</DataList.ItemLabel>
            <DataList.ItemValue>{byName(plan, user)}</DataList.ItemValue>
          </DataList.Item>
          {plan.createdFor.length > 0 && (
            <DataList.Item>
              <DataList.ItemLabel>For</DataList.ItemLabel>
              <DataList.ItemValue>{forNames(plan)}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
