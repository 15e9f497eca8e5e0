import { Stack, Text } from "@chakra-ui/react";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { isRefusedFilter, UnknownClient } from "@/components/ui/unknown-client";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { pageFrom } from "@/lib/page";
import { usePlans } from "../api/get-plans";
import { planPageSize } from "../api/types";
import { PlanTable } from "../components/plan-table";
import { PlansHeading } from "../components/plans-heading";
import { usePlanFilter, withFilter } from "../model/use-plan-filter";
import { PlanCatalogue } from "../catalogue";

/** PlanListPage is /plan: the plans, 9 per page, Create new plan and the Grid view link. */
export function PlanListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const userFilter = usePlanFilter();
  const { data: user } = useUser();
  const plans = usePlans(page, userFilter);

  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next === 1) params.delete("page");
    else params.set("page", String(next));
    setSearchParams(params);
  };

  return (
    <Stack gap="5">
      <PlansHeading viewTo={withFilter("/plan/grid", userFilter)} viewLabel="Grid view" />
      {plans.isPending || !user ? (
        <PageSpinner />
      ) : isRefusedFilter(plans.error, userFilter) ? (
        <UnknownClient name={userFilter} />
      ) : plans.isError ? (
        <ErrorAlert message={describeError(plans.error).message} />
      ) : (
        <>
          {plans.data["hydra:member"].length === 0 ? (
            <Text color="fg.muted">No plans created</Text>
          ) : (
            <PlanTable plans={plans.data["hydra:member"]} user={user} />
          )}
          <Pagination totalItems={plans.data["hydra:totalItems"]} pageSize={planPageSize} page={page} onPageChange={goTo} />
        </>
      )}
      <PlanCatalogue />
    </Stack>
  );
}
