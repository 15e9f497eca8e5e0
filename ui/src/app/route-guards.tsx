import { Container } from "@chakra-ui/react";
import { useDeferredValue } from "react";
import { useIsMutating } from "@tanstack/react-query";
import { Navigate, Outlet } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { endsSession, leavingApp } from "@/lib/reload-app";

/**
 * RequireUser lets only a signed-in user through (others go to /signin); with `verified` the
 * user must also have verified the e-mail address (others go to /verify). While the session is
 * being ended (the account closed) the user is expected to go: the guard waits for the mutation
 * to load the app afresh, as a /signin here would cancel that load.
 */
export function RequireUser({ verified = false }: { verified?: boolean }) {
  // The signed-in user's answer opens the whole page, and React renders a query's answer in one
  // task; deferred, that render is a transition React splits into short tasks, which a phone's
  // slow CPU needs to stay responsive (issue #16's total blocking time).
  const { data: user, isPending, isError, error } = useDeferredValue(useUser());
  const endingSession = useIsMutating({ predicate: endsSession }) > 0;
  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <Container maxW="xl" py="8">
        <ErrorAlert message={describeError(error).message} />
      </Container>
    );
  }
  if (!user) return endingSession || leavingApp() ? <PageSpinner /> : <Navigate to="/signin" replace />;
  if (verified && !user.isVerified) return <Navigate to="/verify" replace />;
  return <Outlet />;
}

/** EntryRedirect sends / to /dashboard when a user is signed in, else to /home. */
export function EntryRedirect() {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  return <Navigate to={user ? "/dashboard" : "/home"} replace />;
}
