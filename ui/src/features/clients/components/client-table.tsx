import { Table, Text } from "@chakra-ui/react";
import { AppLink } from "@/components/ui/link";
import { formatDate } from "@/lib/format";
import type { ClientRelationship } from "../api/types";
import { ClientOptions } from "./client-options";
import { formatCompliance, NeedsAttention } from "./compliance";
import { StatusBadge } from "./status-badge";

interface ClientTableProps {
  clients: ClientRelationship[];
  onRemove: (client: ClientRelationship) => void;
}

/**
 * ClientTable lists a trainer's clients: Client (a confirmed client's name opens their page),
 * Status, Recent Activity, Compliance (30 days: the workouts started from the trainer's plans
 * with a weekly target against what they ask) and Options.
 */
export function ClientTable({ clients, onRemove }: ClientTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" whiteSpace="normal">
      <Table.Root size={{ base: "sm", md: "md" }} aria-label="Clients">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Client</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Recent Activity</Table.ColumnHeader>
            <Table.ColumnHeader display={wide}>Compliance (30 days)</Table.ColumnHeader>
            <Table.ColumnHeader>Options</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {clients.map((client) => (
            <Table.Row key={client.id}>
              {/* An address waiting for its sign-up is one long word: it breaks anywhere. */}
              <Table.Cell wordBreak={client.clientId === "" ? "break-all" : undefined}>
                {client.status === "Confirmed" ? (
                  <AppLink to={`/client/${client.clientId}`}>{client.clientDisplayName}</AppLink>
                ) : (
                  client.clientDisplayName
                )}
                {/* On a phone the compliance goes under the name, not in a column of its own. */}
                {client.compliance && (
                  <Text as="span" display={{ base: "block", md: "none" }} fontSize="sm" color="fg.muted">
                    Compliance: <ComplianceText client={client} />
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={client.status} />
              </Table.Cell>
              <Table.Cell>{recentActivity(client)}</Table.Cell>
              <Table.Cell display={wide}>{client.compliance ? <ComplianceText client={client} /> : "—"}</Table.Cell>
              <Table.Cell>
                <ClientOptions client={client} onRemove={onRemove} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

const wide = { base: "none", md: "table-cell" } as const;

function ComplianceText({ client }: { client: ClientRelationship }) {
  if (!client.compliance) return null;
  const { done, expected, rate, needsAttention } = client.compliance;
  return (
    <>
      {formatCompliance(done, expected, rate)}
      {needsAttention && <NeedsAttention />}
    </>
  );
}

// An address nobody has signed up with has no activity to speak of: a dash.
function recentActivity(client: ClientRelationship): string {
  if (client.recentClientActivity) return formatDate(client.recentClientActivity);
  return client.clientId === "" ? "—" : "No activity";
}
