import { Container, Stack } from "@chakra-ui/react";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { AppLink } from "@/components/ui/link";
import { genericErrorMessage } from "@/lib/error-messages";

/** RouteError replaces a page that failed to load or render (for example a stale code chunk). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container maxW="xl" py="10">
      <Stack gap="4">
        <ErrorAlert message={genericErrorMessage} />
        <AppLink to="/home">Go to the homepage</AppLink>
      </Stack>
    </Container>
  );
}
