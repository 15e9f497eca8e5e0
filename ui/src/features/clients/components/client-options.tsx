import { Button, IconButton, Menu, Portal, Stack } from "@chakra-ui/react";
import { FaEllipsisVertical } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import { LinkButton } from "@/components/ui/link";
import { useMediaQuery } from "@/lib/use-media-query";
import type { ClientRelationship } from "../api/types";

interface ClientOptionsProps {
  client: ClientRelationship;
  onRemove: (client: ClientRelationship) => void;
}

/** activityOf is the address of a client's Activity audit. */
export function activityOf(client: ClientRelationship): string {
  return `/client/${client.clientId}/activity?${new URLSearchParams({ name: client.clientDisplayName }).toString()}`;
}

/** clientScreens are a confirmed client's plans, workouts and progress (filtered by their name) and Activity. */
function clientScreens(client: ClientRelationship): { label: string; to: string }[] {
  const name = client.clientDisplayName;
  return [
    { label: "Plans", to: filtered("/plan", name) },
    { label: "Workouts", to: filtered("/workouts", name) },
    { label: "Progress", to: filtered("/progress", name) },
    { label: "Activity", to: activityOf(client) },
  ];
}

/** ClientScreenLinks open a confirmed client's plans, workouts and progress (filtered by their name) and Activity. */
export function ClientScreenLinks({ client }: { client: ClientRelationship }) {
  return (
    <>
      {clientScreens(client).map((screen) => (
        <LinkButton key={screen.label} to={screen.to} variant="outline" size="sm">
          {screen.label}
        </LinkButton>
      ))}
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
 * Remove. Other rows have none (spec 2 section 2). From Chakra's md breakpoint up they are
 * links side by side, as the spec has them; below it, on a phone, five buttons do not fit
 * beside the client's name and status, so they are the items of an Options menu.
 */
export function ClientOptions({ client, onRemove }: ClientOptionsProps) {
  const wide = useMediaQuery("(min-width: 48em)", true);
  if (client.status !== "Confirmed") return null;
  if (!wide) return <ClientOptionsMenu client={client} onRemove={onRemove} />;
  return (
    <Stack direction="row" gap="2" wrap="wrap">
      <ClientScreenLinks client={client} />
      <Button variant="outline" colorPalette="red" size="sm" onClick={() => onRemove(client)}>
        Remove
      </Button>
    </Stack>
  );
}

function ClientOptionsMenu({ client, onRemove }: ClientOptionsProps) {
  return (
    <Menu.Root positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger asChild>
        <IconButton variant="outline" size="md" aria-label={`Options for ${client.clientDisplayName}`}>
          <FaEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {clientScreens(client).map((screen) => (
              <Menu.Item key={screen.label} value={screen.label} minH="11" asChild>
                <RouterLink to={screen.to}>{screen.label}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="remove" minH="11" color="fg.error" onSelect={() => onRemove(client)}>
              Remove
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
