import { HStack, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FaEye, FaPen, FaShareNodes, FaTrash } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import type { User } from "@/features/account";
import type { Plan } from "../api/types";
import { byName, forNames, showsForColumn } from "../model/plan-people";

const wide = { base: "none", md: "table-cell" } as const;

/**
 * PlanTable lists plans: Plan (name and notes), By, For (trainers only, and only when a plan
 * was created for someone) and Options. Everyone may view; trainers may share; only the owner
 * edits and deletes. On a phone By and For read under the name, so nothing scrolls sideways.
 */
export function PlanTable({ plans, user }: { plans: Plan[]; user: User }) {
  const withFor = showsForColumn(plans, user);
  return (
    <Table.Root size={{ base: "sm", md: "md" }} aria-label="Plans" borderWidth="1px" rounded="md">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Plan</Table.ColumnHeader>
          <Table.ColumnHeader display={wide}>By</Table.ColumnHeader>
          {withFor && <Table.ColumnHeader display={wide}>For</Table.ColumnHeader>}
          <Table.ColumnHeader textAlign="end">Options</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {plans.map((plan) => {
          const owner = plan.userId === user.id;
          return (
            <Table.Row key={plan.id} data-testid="plan-row">
              <Table.Cell>
                <Stack gap="0">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {plan.name}
                  </Text>
                  {plan.notes && (
                    <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere" lineClamp={2}>
                      {plan.notes}
                    </Text>
                  )}
                  <Text color="fg.muted" fontSize="sm" display={{ base: "block", md: "none" }}>
                    By {byName(plan, user)}
                    {withFor && plan.createdFor.length > 0 && ` · For ${forNames(plan)}`}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell display={wide}>{byName(plan, user)}</Table.Cell>
              {withFor && <Table.Cell display={wide}>{forNames(plan)}</Table.Cell>}
              <Table.Cell textAlign="end" py="1">
                <HStack gap="0" justify="end" wrap={{ base: "wrap", sm: "nowrap" }}>
                  <RowAction to={`/plan/${plan.id}/view`} label={`View ${plan.name}`} icon={<FaEye />} />
                  {user.trainer && <RowAction to={`/plan/share/${plan.id}`} label={`Share ${plan.name}`} icon={<FaShareNodes />} />}
                  {owner && <RowAction to={`/plan/edit/${plan.id}`} label={`Edit ${plan.name}`} icon={<FaPen />} />}
                  {owner && <RowAction to={`/plan/delete/${plan.id}`} label={`Delete ${plan.name}`} icon={<FaTrash />} danger />}
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

function RowAction({ to, label, icon, danger = false }: { to: string; label: string; icon: ReactNode; danger?: boolean }) {
  return (
    <IconButton asChild variant="ghost" size="lg" aria-label={label} {...(danger && { colorPalette: "red" })}>
      <RouterLink to={to}>{icon}</RouterLink>
    </IconButton>
  );
}
