import { Button, HStack, List, Spinner, Stack, Text } from "@chakra-ui/react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { AppLink } from "@/components/ui/link";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { reloadAppAt } from "@/lib/reload-app";
import { useCloseAccount } from "../api/close-account";

/**
 * CloseAccountPage explains what closing the account does and closes it with one button. While
 * it works it shows "Logging out"; then the visitor lands on /.
 */
export function CloseAccountPage() {
  const { data: user } = useUser();
  const closeAccount = useCloseAccount();

  if (closeAccount.data?.closing) {
    return (
      <FormCard title="Close Account">
        <Stack gap="5" role="status">
          <Text>
            Your account is being closed. You are signed out, and the rest is finished within a few minutes: you do not need
            to do anything more.
          </Text>
          <Button alignSelf="start" onClick={() => reloadAppAt("/")}>
            Go to the home page
          </Button>
        </Stack>
      </FormCard>
    );
  }

  if (closeAccount.isPending || closeAccount.isSuccess) {
    return (
      <HStack justify="center" py="16" gap="3" role="status">
        <Spinner size="lg" color="brand.solid" />
        <Text fontSize="lg">Logging out</Text>
      </HStack>
    );
  }

  return (
    <FormCard title="Close Account">
      <Stack gap="5">
        <Text>Closing your account:</Text>
        <List.Root ps="5" gap="2">
          <List.Item>deletes your personal data and all your workout logs;</List.Item>
          <List.Item>cancels any active subscription;</List.Item>
          <List.Item>is final and irreversible: your account and data cannot be restored.</List.Item>
        </List.Root>
        <Text>
          If something is not right, please <AppLink to="/contact">contact us</AppLink> first.
        </Text>
        {closeAccount.isError && <ErrorAlert message={describeError(closeAccount.error).message} />}
        <Button
          colorPalette="red"
          size="lg"
          disabled={!user}
          onClick={() => {
            if (user) closeAccount.mutate(user.id);
          }}
        >
          Close Account
        </Button>
      </Stack>
    </FormCard>
  );
}
