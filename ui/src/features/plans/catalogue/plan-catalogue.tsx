import { Badge, Box, Card, HStack, Heading, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { type ReactNode, useCallback, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { AppLink } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { useMediaQuery } from "@/lib/use-media-query";
import { useBuyPlan } from "./buy-plan";
import { BuyButton } from "./buy-button";
import { reloadOnceAfterSdkFailure } from "./checkout-sdk";
import { useCatalogue } from "./get-catalogue";
import { useCheckoutConfig } from "./get-checkout-config";
import { cataloguePageSize, type CatalogueEntry, type CheckoutConfig } from "./types";

interface PlanCatalogueProps {
  /** Reloads the page: after a purchase (to the full plan), and once when the SDK fails to load. */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * PlanCatalogue is the ready-made plans embedded in the plan list: Plan (with tagline), By,
 * Level, Cost (£), Preview and Buy (PayPal's one-off button, in GBP), 9 a page, as a table from
 * the md breakpoint up and as a card per plan below it. A purchase reloads the page; a failed
 * one shows its error and lets the buyer try again.
 */
export function PlanCatalogue({ reload = reloadPage }: PlanCatalogueProps) {
  const { data: user } = useUser();
  const [page, setPage] = useState(1);
  const catalogue = useCatalogue(page);
  const checkout = useCheckoutConfig();
  const buy = useBuyPlan();
  const [buying, setBuying] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const purchase = useCallback(
    async (planId: string, orderId: string) => {
      setFailure(null);
      setBuying(planId);
      try {
        await buy.mutateAsync({ planId, orderId });
      } catch (error) {
        setFailure(describeError(error).message);
        setBuying(null);
        return;
      }
      reload();
    },
    [buy, reload],
  );
  const paymentFailed = useCallback((error: unknown) => {
    console.error("PayPal payment failed", error);
    setFailure("The payment did not go through. Please try again.");
    setBuying(null);
  }, []);
  const sdkFailed = useCallback((error: unknown) => reloadOnceAfterSdkFailure(error, reload), [reload]);
  // A table from Chakra's md breakpoint up; below it, on a phone, a card per plan with nothing
  // hidden or clipped and the PayPal button across the card.
  const wide = useMediaQuery("(min-width: 48em)", true);
  const entries = catalogue.data?.["hydra:member"] ?? [];
  const buySlot = (entry: CatalogueEntry) => (
    <BuySlot
      entry={entry}
      checkout={checkout.data}
      buying={buying === entry.id}
      onCaptured={(orderId) => purchase(entry.id, orderId)}
      onFailure={paymentFailed}
      onSdkFailure={sdkFailed}
    />
  );

  return (
    <Stack gap="4" as="section" aria-labelledby="plan-catalogue-heading">
      <Heading as="h2" size="lg" id="plan-catalogue-heading">
        Explore our ready-made plans...
      </Heading>
      {failure && <ErrorAlert message={failure} />}
      {catalogue.isPending ? (
        <PageSpinner />
      ) : catalogue.isError ? (
        <ErrorAlert message={describeError(catalogue.error).message} />
      ) : entries.length === 0 ? (
        <Text color="fg.muted">Sorry {user?.loggedInName ?? ""}, no plans to show at the moment.</Text>
      ) : (
        <>
          {wide ? (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="md" aria-label="Ready-made plans">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Plan</Table.ColumnHeader>
                    <Table.ColumnHeader>By</Table.ColumnHeader>
                    <Table.ColumnHeader>Level</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Cost (£)</Table.ColumnHeader>
                    <Table.ColumnHeader>Preview</Table.ColumnHeader>
                    <Table.ColumnHeader>Buy</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {entries.map((entry) => (
                    <CatalogueRow key={entry.id} entry={entry} buy={buySlot(entry)} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : (
            <Stack as="ul" role="list" aria-label="Ready-made plans" gap="3" listStyleType="none">
              {entries.map((entry) => (
                <CatalogueCard key={entry.id} entry={entry} buy={buySlot(entry)} />
              ))}
            </Stack>
          )}
          <Pagination
            totalItems={catalogue.data["hydra:totalItems"]}
            pageSize={cataloguePageSize}
            page={page}
            onPageChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}

interface BuySlotProps {
  entry: CatalogueEntry;
  checkout: CheckoutConfig | undefined;
  buying: boolean;
  onCaptured: (orderId: string) => Promise<void>;
  onFailure: (error: unknown) => void;
  onSdkFailure: (error: unknown) => void;
}

/** BuySlot is where a plan is bought: "Yours" once owned, the purchase under way, or PayPal's button. */
function BuySlot({ entry, checkout, buying, onCaptured, onFailure, onSdkFailure }: BuySlotProps) {
  if (entry.owned) return <Badge colorPalette="green">Yours</Badge>;
  if (buying) return <Spinner size="sm" role="status" aria-label={`Buying ${entry.name}`} />;
  if (checkout?.configured && checkout.sdkUrl) {
    return (
      <BuyButton
        sdkUrl={checkout.sdkUrl}
        currency={checkout.currency}
        planName={entry.name}
        price={entry.price ?? 0}
        onCaptured={onCaptured}
        onFailure={onFailure}
        onSdkFailure={onSdkFailure}
      />
    );
  }
  return (
    <Text color="fg.muted" textStyle="sm">
      Payments are not available.
    </Text>
  );
}

function CatalogueRow({ entry, buy }: { entry: CatalogueEntry; buy: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell>
        <Text fontWeight="semibold">{entry.name}</Text>
        <Text color="fg.muted" textStyle="sm">
          {entry.tagline}
        </Text>
      </Table.Cell>
      <Table.Cell>{entry.createdByDisplayName ?? ""}</Table.Cell>
      <Table.Cell>
        <Badge>{entry.level}</Badge>
      </Table.Cell>
      <Table.Cell textAlign="end">{(entry.price ?? 0).toFixed(2)}</Table.Cell>
      <Table.Cell>
        <AppLink to={`/plan/${entry.id}/view`}>{entry.owned ? "View" : "Preview"}</AppLink>
      </Table.Cell>
      <Table.Cell py="1">{buy}</Table.Cell>
    </Table.Row>
  );
}

/** CatalogueCard is a plan of the catalogue on a phone: what the table's row says, in a card. */
function CatalogueCard({ entry, buy }: { entry: CatalogueEntry; buy: ReactNode }) {
  const heading = `catalogue-${entry.id}`;
  return (
    <Card.Root as="li" variant="outline" aria-labelledby={heading} minW="0">
      <Card.Body gap="2" p="4">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0" minW="0">
            <Heading as="h3" size="md" id={heading} wordBreak="break-word">
              {entry.name}
            </Heading>
            <Text color="fg.muted" textStyle="sm" wordBreak="break-word">
              {entry.tagline}
            </Text>
          </Stack>
          <Text fontWeight="semibold" whiteSpace="nowrap">
            £{(entry.price ?? 0).toFixed(2)}
          </Text>
        </HStack>
        <HStack gap="2" wrap="wrap" textStyle="sm">
          {entry.createdByDisplayName && <Text wordBreak="break-word">By {entry.createdByDisplayName}</Text>}
          <Badge>{entry.level}</Badge>
          <AppLink to={`/plan/${entry.id}/view`}>{entry.owned ? "View" : "Preview"}</AppLink>
        </HStack>
        <Box w="full">{buy}</Box>
      </Card.Body>
    </Card.Root>
  );
}
