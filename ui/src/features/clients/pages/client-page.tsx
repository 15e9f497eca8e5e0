import { Box, Heading, HStack, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { HistoryList, type HistoryLine } from "@/components/history/history-panel";
import { ErrorAlert } from "@/components/ui/error-alert";
import { AppLink, LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { MetricPane, usePersonalBests, useUserProgress } from "@/features/progress";
import { useWorkouts, WorkoutTable } from "@/features/workouts";
import { apiFetch } from "@/lib/api-client";
import { describeError } from "@/lib/error-messages";
import { activityOf, ClientScreenLinks, filtered } from "../components/client-options";
import type { ClientRelationship, Paged, PlanCompliance } from "../api/types";
import { ComplianceTable } from "../components/compliance";

/** How many changes the client page shows of each kind; the Activity page has them all. */
export const clientPageChanges = 5;

interface SharedPlan {
  id: string;
  name: string;
  sharedPlans: { clientId: string }[];
}

/**
 * ClientPage is /client/:id: what a trainer opens a confirmed client for, on one page — their
 * compliance, the changes made after their workout's day, then the latest changes, the last workouts,
 * personal bests, body weight and sizes, and the trainer's plans shared with them. Someone who
 * is not a confirmed client of the trainer's gets a way back, never Access Denied. Compliance
 * (the workouts started from each plan with a weekly target) comes first.
 */
export function ClientPage() {
  const { id = "" } = useParams();
  const clients = useQuery({
    queryKey: ["coaching", "clients", "all"],
    queryFn: ({ signal }) => apiFetch<Paged<ClientRelationship>>("/api/clients/all", { signal }),
  });
  if (clients.isPending) return <PageSpinner />;
  if (clients.isError) return <ErrorAlert message={describeError(clients.error).message} />;
  const client = clients.data["hydra:member"].find((c) => c.clientId === id && c.status === "Confirmed");
  if (!client) {
    return (
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Client
        </Heading>
        <Text>This person is not a confirmed client of yours.</Text>
        <LinkButton to="/client" variant="outline" size="lg" alignSelf="start">
          Back to clients
        </LinkButton>
      </Stack>
    );
  }
  return <ClientOverview client={client} />;
}

function ClientOverview({ client }: { client: ClientRelationship }) {
  const name = client.clientDisplayName;
  const activity = activityOf(client);
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {name}
        </Heading>
        <LinkButton to="/client" variant="outline" size="lg">
          Back to clients
        </LinkButton>
      </HStack>
      <HStack gap="2" wrap="wrap" as="nav" aria-label={`${name}'s screens`}>
        <ClientScreenLinks client={client} />
      </HStack>
      <Section title="Compliance">
        <Compliance clientId={client.clientId} />
      </Section>
      <Section title="Changed after the day" more={{ to: `${activity}&afterTheDay=1`, label: "All changes after the day" }}>
        <Changes clientId={client.clientId} afterTheDay empty="No change made after a workout's day." />
      </Section>
      <Section title="Latest changes" more={{ to: activity, label: "All activity" }}>
        <Changes clientId={client.clientId} empty="No changes to show." />
      </Section>
      <Section title="Last workouts" more={{ to: filtered("/workouts", name), label: "All workouts" }}>
        <LastWorkouts name={name} />
      </Section>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <Section title="Personal bests">
          <MetricPane query={usePersonalBests(name)} emptyText="No personal bests yet." />
        </Section>
        <Section title="Body weight and sizes">
          <MetricPane query={useUserProgress(name)} emptyText="No weight or size logged yet." />
        </Section>
      </SimpleGrid>
      <Section title="Plans you share with them">
        <SharedPlans clientId={client.clientId} />
      </Section>
    </Stack>
  );
}

function Section({ title, more, children }: { title: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="md" p={{ base: "3", md: "4" }} minW="0">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          {more && <AppLink to={more.to}>{more.label}</AppLink>}
        </HStack>
        {children}
      </Stack>
    </Box>
  );
}

function Compliance({ clientId }: { clientId: string }) {
  const compliance = useQuery({
    queryKey: ["coaching", "compliance", clientId],
    queryFn: ({ signal }) => apiFetch<Paged<PlanCompliance>>(`/api/clients/${encodeURIComponent(clientId)}/compliance`, { signal }),
  });
  if (compliance.isPending) return <PageSpinner />;
  if (compliance.isError) return <ErrorAlert message={describeError(compliance.error).message} />;
  return <ComplianceTable plans={compliance.data["hydra:member"]} />;
}

function Changes({ clientId, afterTheDay = false, empty }: { clientId: string; afterTheDay?: boolean; empty: string }) {
  const changes = useQuery({
    queryKey: ["history", "activity", clientId, "", afterTheDay, 1],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: "1", ...(afterTheDay && { afterTheDay: "true" }) });
      return apiFetch<Paged<HistoryLine>>(`/api/clients/${encodeURIComponent(clientId)}/activity?${q.toString()}`, { signal });
    },
  });
  if (changes.isPending) return <PageSpinner />;
  if (changes.isError) return <ErrorAlert message={describeError(changes.error).message} />;
  const lines = changes.data["hydra:member"].slice(0, clientPageChanges);
  if (lines.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return <HistoryList lines={lines} />;
}

function LastWorkouts({ name }: { name: string }) {
  const { data: user } = useUser();
  const workouts = useWorkouts(1, name);
  if (workouts.isPending) return <PageSpinner />;
  if (workouts.isError) return <ErrorAlert message={describeError(workouts.error).message} />;
  const list = workouts.data["hydra:member"];
  if (list.length === 0) return <Text color="fg.muted">No workouts yet.</Text>;
  return <WorkoutTable workouts={list} userId={user?.id} />;
}

function SharedPlans({ clientId }: { clientId: string }) {
  const plans = useQuery({
    queryKey: ["plans", "all", "own"],
    queryFn: ({ signal }) => apiFetch<Paged<SharedPlan>>("/api/plans/all", { signal }),
  });
  if (plans.isPending) return <PageSpinner />;
  if (plans.isError) return <ErrorAlert message={describeError(plans.error).message} />;
  const shared = plans.data["hydra:member"].filter((p) => p.sharedPlans.some((s) => s.clientId === clientId));
  if (shared.length === 0) return <Text color="fg.muted">You have not shared a plan with them yet.</Text>;
  return (
    <List.Root variant="plain" gap="2">
      {shared.map((plan) => (
        <List.Item key={plan.id}>
          <AppLink to={`/plan/${plan.id}/view`}>{plan.name}</AppLink>
        </List.Item>
      ))}
    </List.Root>
  );
}
