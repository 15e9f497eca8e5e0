import { Badge, Heading, HStack, List, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { usePaymentsConfig } from "../api/get-payments-config";
import { useSubscribe } from "../api/subscribe";
import type { PayPalApproval } from "../components/paypal-sdk";
import { SubscribeButton } from "../components/subscribe-button";
import { TrainerBenefits } from "../components/trainer-benefits";

/**
 * UpgradePage offers a Standard user the Personal Trainer subscription, and tells a trainer what
 * they have and how to cancel it with the payment provider.
 */
export function UpgradePage() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return (
    <Stack gap="6" maxW="2xl" mx="auto">
      <Heading as="h1" size="2xl">
        Upgrade to Personal Trainer
      </Heading>
      <HStack gap="2">
        <Text fontWeight="semibold">Account type:</Text>
        <Badge colorPalette={user.trainer ? "yellow" : "gray"} variant="solid" size="lg">
          {user.trainer ? "Personal Trainer" : "Standard"}
        </Badge>
      </HStack>
      <Stack gap="2">
        <Heading as="h2" size="lg">
          Benefits
        </Heading>
        <TrainerBenefits />
      </Stack>
      {user.trainer ? <CancelInstructions /> : <SubscribeArea />}
    </Stack>
  );
}

function CancelInstructions() {
  return (
    <Stack gap="2" as="section" aria-labelledby="cancel-heading">
      <Heading as="h2" size="lg" id="cancel-heading">
        Cancel your subscription
      </Heading>
      <Text>To cancel, unsubscribe in PayPal:</Text>
      <List.Root as="ol" ps="5" gap="1">
        <List.Item>Log in to PayPal.</List.Item>
        <List.Item>Go to Settings &gt; Payments.</List.Item>
        <List.Item>Open Automatic Payments.</List.Item>
        <List.Item>Choose the Gymlog entry and cancel it.</List.Item>
      </List.Root>
      <Text color="fg.muted">You stay a Personal Trainer until the end of the period you have paid for.</Text>
    </Stack>
  );
}

function SubscribeArea() {
  const config = usePaymentsConfig();
  const subscribe = useSubscribe();
  const [noSubscription, setNoSubscription] = useState(false);

  const onApprove = async ({ orderID, subscriptionID }: PayPalApproval) => {
    setNoSubscription(!subscriptionID);
    if (!subscriptionID) return;
    await subscribe
      .mutateAsync({ paymentSource: "paypal", orderId: orderID ?? null, subscriptionId: subscriptionID })
      .catch(() => undefined);
  };

  return (
    <Stack gap="3" as="section" aria-labelledby="subscribe-heading">
      <Heading as="h2" size="lg" id="subscribe-heading">
        Subscribe
      </Heading>
      {config.isPending ? (
        <PageSpinner />
      ) : config.isError ? (
        <ErrorAlert message={describeError(config.error).message} />
      ) : !config.data.configured || !config.data.sdkUrl || !config.data.planId ? (
        <Text>Payments are not configured, so upgrading is not available at the moment.</Text>
      ) : (
        <>
          <Text>
            {config.data.currency} {config.data.price} a month, paid through PayPal. Cancel at any time.
          </Text>
          {subscribe.isError && <ErrorAlert message={describeError(subscribe.error).message} />}
          {noSubscription && <ErrorAlert message="PayPal did not return a subscription. Please try again." />}
          {subscribe.isPending && <PageSpinner />}
          <SubscribeButton sdkUrl={config.data.sdkUrl} planId={config.data.planId} onApprove={onApprove} />
        </>
      )}
    </Stack>
  );
}
