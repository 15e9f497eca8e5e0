import { Heading, HStack, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { FaPlus } from "react-icons/fa6";
import { LinkButton } from "@/components/ui/link";
import { useUser } from "@/features/account";
import { usePageParam } from "@/lib/page-param";
import { useClients } from "../api/get-clients";
import type { ClientRelationship } from "../api/types";
import { ClientTable } from "../components/client-table";
import { PagedList } from "../components/paged-list";
import { RemoveClientDialog } from "../components/remove-client-dialog";
import { TrainerOnlyNotice } from "../components/trainer-only-notice";

/**
 * ClientListPage is the trainer's client list (/client), 9 a page. A user whose subscription
 * lapsed still sees their clients, without Add client.
 */
export function ClientListPage() {
  const { data: user } = useUser();
  const [page, setPage] = usePageParam();
  const clients = useClients(page);
  const [removing, setRemoving] = useState<ClientRelationship | null>(null);

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Clients
        </Heading>
        {user?.trainer && (
          <LinkButton to="/client/add" colorPalette="brand" size="lg">
            <FaPlus aria-hidden /> Add client
          </LinkButton>
        )}
      </HStack>
      {user && !user.trainer && <TrainerOnlyNotice />}
      <PagedList query={clients} page={page} onPageChange={setPage} emptyText="Clients you add will be listed here.">
        {(rows) => <ClientTable clients={rows} onRemove={setRemoving} />}
      </PagedList>
      {removing && <RemoveClientDialog client={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
