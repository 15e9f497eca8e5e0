import { Badge, Card, DataList, Heading, Text } from "@chakra-ui/react";
import { useUser } from "@/features/account";
import type { Plan } from "../api/types";
import { byName } from "../model/plan-people";

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/**
 * PlanPreviewCard is all a reader sees of a priced plan they were not given and have not bought:
 * what it is, by whom, its level and cost, and the exercises' names.
 */
export function PlanPreviewCard({ plan }: { plan: Plan }) {
  const { data: user } = useUser();
  return (
    <Card.Root variant="outline" maxW="2xl" mx="auto" w="full" aria-label="Plan preview">
      <Card.Header gap="2">
        <Badge alignSelf="start" colorPalette="brand">
          Preview
        </Badge>
        <Heading as="h1" size="2xl" overflowWrap="anywhere">
          {plan.name}
        </Heading>
        {plan.tagline && <Text color="fg.muted">{plan.tagline}</Text>}
      </Card.Header>
      <Card.Body gap="4">
        {plan.notes && <Text overflowWrap="anywhere">{plan.notes}</Text>}
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>By</DataList.ItemLabel>
            <DataList.ItemValue>{byName(plan, user)}</DataList.ItemValue>
          </DataList.Item>
          {plan.level && (
            <DataList.Item>
              <DataList.ItemLabel>Level</DataList.ItemLabel>
              <DataList.ItemValue>{plan.level}</DataList.ItemValue>
            </DataList.Item>
          )}
          {plan.price !== null && (
            <DataList.Item>
              <DataList.ItemLabel>Cost</DataList.ItemLabel>
              <DataList.ItemValue>{pounds.format(plan.price)}</DataList.ItemValue>
            </DataList.Item>
          )}
          {plan.exercises.length > 0 && (
            <DataList.Item>
              <DataList.ItemLabel>Exercises</DataList.ItemLabel>
              <DataList.ItemValue>{plan.exercises.join(", ")}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
