import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { isRefusedFilter, UnknownClient } from "@/components/ui/unknown-client";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { useAllPlans } from "../api/get-plans";
import { PlanCard } from "../components/plan-card";
import { PlansHeading } from "../components/plans-heading";
import { usePlanFilter, withFilter } from "../model/use-plan-filter";

/** PlanGridPage is /plan/grid: every plan as a card. */
export function PlanGridPage() {
  const userFilter = usePlanFilter();
  const plans = useAllPlans(userFilter);
  return (
    <Stack gap="5">
      <PlansHeading viewTo={withFilter("/plan", userFilter)} viewLabel="List view" />
      {plans.isPending ? (
        <PageSpinner />
      ) : isRefusedFilter(plans.error, userFilter) ? (
        <UnknownClient name={userFilter} />
      ) : plans.isError ? (
        <ErrorAlert message={describeError(plans.error).message} />
      ) : plans.data.length === 0 ? (
        <Text color="fg.muted">No plans created</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
