import { Checkbox, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { HistoryList, type HistoryLine, historyPageSize } from "@/components/history/history-panel";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useUser } from "@/features/account";
import { apiFetch } from "@/lib/api-client";
import { describeError } from "@/lib/error-messages";
import type { Paged } from "../api/types";

/**
 * ClientActivityPage is /client/:id/activity: every change to a client's workouts and plans,
 * newest first, with who made it and the workout or plan it is about, filterable by who (the
 * client or their trainer) and to the changes made after their workout's day.
 */
export function ClientActivityPage() {
  const { id = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const name = searchParams.get("name") ?? "Client";
  const by = searchParams.get("by") ?? "";
  const late = searchParams.get("afterTheDay") === "1";
  const page = Math.max(1, Number(searchParams.get("page")) || 1);
  const { data: user } = useUser();
  const activity = useQuery({
    queryKey: ["history", "activity", id, by, late, page],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(page), ...(by && { by }), ...(late && { afterTheDay: "true" }) });
      return apiFetch<Paged<HistoryLine>>(`/api/clients/${encodeURIComponent(id)}/activity?${q.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
  const go = (next: { by?: string; late?: boolean; page?: number }) => {
    const params: Record<string, string> = { name };
    const who = next.by ?? by;
    if (who) params.by = who;
    if (next.late ?? late) params.afterTheDay = "1";
    if (next.page && next.page > 1) params.page = String(next.page);
    setSearchParams(params);
  };
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Activity: {name}
        </Heading>
        <LinkButton to="/client" variant="outline" size="lg">
          Back to clients
        </LinkButton>
      </HStack>
      <NativeSelect.Root size="lg" maxW="20rem">
        <NativeSelect.Field aria-label="Made by" value={by} onChange={(e) => go({ by: e.target.value })}>
          <option value="">Everyone</option>
          <option value={id}>{name}</option>
          {user && <option value={user.id}>You</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Checkbox.Root size="lg" minH="10" alignSelf="start" checked={late} onCheckedChange={(d) => go({ late: d.checked === true })}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Changed after the day</Checkbox.Label>
      </Checkbox.Root>
      {activity.isPending ? (
        <PageSpinner />
      ) : activity.isError ? (
        <ErrorAlert message={describeError(activity.error).message} />
      ) : activity.data["hydra:member"].length === 0 ? (
        <Text color="fg.muted">No changes to show.</Text>
      ) : (
        <>
          <HistoryList lines={activity.data["hydra:member"]} />
          <Pagination totalItems={activity.data["hydra:totalItems"]} pageSize={historyPageSize} page={page} onPageChange={(p) => go({ page: p })} />
        </>
      )}
    </Stack>
  );
}
