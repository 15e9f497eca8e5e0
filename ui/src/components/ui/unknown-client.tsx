import { Alert, Button, HStack } from "@chakra-ui/react";
import { useLocation, useNavigate } from "react-router";
import { LinkButton } from "@/components/ui/link";
import { ApiError } from "@/lib/api-client";
import { keepClientFilter } from "@/lib/client-filter";

/**
 * isRefusedFilter reports whether error is the API's refusal of a user filter: a 403 for a
 * screen filtered by a name that is no confirmed client's (mistyped, another case, a first name
 * alone, a client removed since).
 */
export function isRefusedFilter(error: unknown, filter: string | undefined): boolean {
  return !!filter && error instanceof ApiError && error.status === 403;
}

/**
 * UnknownClient stands in for a screen's data when its user filter names nobody the user
 * follows: it says so and offers the way back, the user's own data (the filter forgotten) or
 * the list of clients, instead of Access Denied.
 */
export function UnknownClient({ name }: { name: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>No confirmed client of yours is called “{name}”.</Alert.Title>
        <Alert.Description>Check the name, or open the client from your list of clients.</Alert.Description>
        <HStack mt="3" gap="3" wrap="wrap">
          <Button
            size="lg"
            onClick={() => {
              keepClientFilter("");
              void navigate(pathname);
            }}
          >
            Show my own
          </Button>
          <LinkButton to="/client" variant="outline" size="lg">
            Clients
          </LinkButton>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
