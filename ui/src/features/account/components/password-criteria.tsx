import { List, Stack, Text } from "@chakra-ui/react";

/** PasswordCriteria lists what a new password needs, as sign-up and the password forms show. */
export function PasswordCriteria({ id }: { id?: string }) {
  return (
    <Stack gap="1" fontSize="sm" color="fg.muted" id={id}>
      <Text>Your password needs:</Text>
      <List.Root ps="5">
        <List.Item>minimum 8 characters</List.Item>
        <List.Item>at least one uppercase letter</List.Item>
        <List.Item>one lowercase letter</List.Item>
        <List.Item>one number</List.Item>
      </List.Root>
    </Stack>
  );
}
