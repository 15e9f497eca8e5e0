import { Badge, Heading, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useCallback, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { AppLink } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
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
 * Level, Cost (£), Preview and Buy (PayPal's one-off button, in GBP), 9 a page. A purchase
 * reloads the page; a failed one shows its error and lets the buyer try again.
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
      ) : catalogue.data["hydra:member"].length === 0 ? (
        <Text color="fg.muted">Sorry {user?.loggedInName ?? ""}, no plans to show at the moment.</Text>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size={{ base: "sm", md: "md" }} aria-label="Ready-made plans">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Plan</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">By</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Level</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Cost (£)</Table.ColumnHeader>
                  <Table.ColumnHeader>Preview</Table.ColumnHeader>
                  <Table.ColumnHeader>Buy</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {catalogue.data["hydra:member"].map((entry) => (
                  <CatalogueRow
                    key={entry.id}
                    entry={entry}
                    checkout={checkout.data}
                    buying={buying === entry.id}
                    onCaptured={(orderId) => purchase(entry.id, orderId)}
                    onFailure={paymentFailed}
                    onSdkFailure={sdkFailed}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
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

interface CatalogueRowProps {
  entry: CatalogueEntry;
  checkout: CheckoutConfig | undefined;
  buying: boolean;
  onCaptured: (orderId: string) => Promise<void>;
  onFailure: (error: unknown) => void;
  onSdkFailure: (error: unknown) => void;
}

function CatalogueRow({ entry, checkout, buying, onCaptured, onFailure, onSdkFailure }: CatalogueRowProps) {
  const price = entry.price ?? 0;
  return (
    <Table.Row>
      <Table.Cell>
        <Text fontWeight="semibold">{entry.name}</Text>
        <Text color="fg.muted" textStyle="sm">
          {entry.tagline}
        </Text>
      </Table.Cell>
      <Table.Cell hideBelow="md">{entry.createdByDisplayName ?? ""}</Table.Cell>
      <Table.Cell hideBelow="md">
        <Badge>{entry.level}</Badge>
      </Table.Cell>
      <Table.Cell textAlign="end">{price.toFixed(2)}</Table.Cell>
      <Table.Cell>
        <AppLink to={`/plan/${entry.id}/view`}>{entry.owned ? "View" : "Preview"}</AppLink>
      </Table.Cell>
      <Table.Cell py="1">
        {entry.owned ? (
          <Badge colorPalette="green">Yours</Badge>
        ) : buying ? (
          <Spinner size="sm" role="status" aria-label={`Buying ${entry.name}`} />
        ) : checkout?.configured && checkout.sdkUrl ? (
          <BuyButton
            sdkUrl={checkout.sdkUrl}
            currency={checkout.currency}
            planName={entry.name}
            price={price}
            onCaptured={onCaptured}
            onFailure={onFailure}
            onSdkFailure={onSdkFailure}
          />
        ) : (
          <Text color="fg.muted" textStyle="sm">
            Payments are not available.
          </Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
