import { Button, Stack } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";
import type { ClientRelationship } from "../api/types";

interface ClientOptionsProps {
  client: ClientRelationship;
  onRemove: (client: ClientRelationship) => void;
}

/** activityOf is the address of a client's Activity audit. */
export function activityOf(client: ClientRelationship): string {
  return `/client/${client.clientId}/activity?${new URLSearchParams({ name: client.clientDisplayName }).toString()}`;
}

/** ClientScreenLinks open a confirmed client's plans, workouts and progress (filtered by their name) and Activity. */
export function ClientScreenLinks({ client }: { client: ClientRelationship }) {
  const name = client.clientDisplayName;
  return (
    <>
      <LinkButton to={filtered("/plan", name)} variant="outline" size="sm">
        Plans
      </LinkButton>
      <LinkButton to={filtered("/workouts", name)} variant="outline" size="sm">
        Workouts
      </LinkButton>
      <LinkButton to={filtered("/progress", name)} variant="outline" size="sm">
        Progress
      </LinkButton>
      <LinkButton to={activityOf(client)} variant="outline" size="sm">
        Activity
      </LinkButton>
    </>
  );
}

/** filtered is a list screen's address showing only the named client's entries. */
export function filtered(path: string, displayName: string): string {
  return `${path}?${new URLSearchParams({ userFilter: displayName }).toString()}`;
}

/**
 * ClientOptions are a confirmed client's actions: their plans, workouts and progress (each
 * filtered by the client's display name), the Activity audit of their workouts and plans, and
 * Remove. Other rows have none (spec 2 section 2).
 */
export function ClientOptions({ client, onRemove }: ClientOptionsProps) {
  if (client.status !== "Confirmed") return null;
  return (
    <Stack direction={{ base: "column", md: "row" }} gap="2">
      <ClientScreenLinks client={client} />
      <Button variant="outline" colorPalette="red" size="sm" onClick={() => onRemove(client)}>
        Remove
      </Button>
    </Stack>
  );
}
