import { Container } from "@chakra-ui/react";
import { useDeferredValue } from "react";
import { Navigate, Outlet } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";

/**
 * RequireUser lets only a signed-in user through (others go to /signin); with `verified` the
 * user must also have verified the e-mail address (others go to /verify).
 */
export function RequireUser({ verified = false }: { verified?: boolean }) {
  // The signed-in user's answer opens the whole page, and React renders a query's answer in one
  // task; deferred, that render is a transition React splits into short tasks, which a phone's
  // slow CPU needs to stay responsive (issue #16's total blocking time).
  const { data: user, isPending, isError, error } = useDeferredValue(useUser());
  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <Container maxW="xl" py="8">
        <ErrorAlert message={describeError(error).message} />
      </Container>
    );
  }
  if (!user) return <Navigate to="/signin" replace />;
  if (verified && !user.isVerified) return <Navigate to="/verify" replace />;
  return <Outlet />;
}

/** EntryRedirect sends / to /dashboard when a user is signed in, else to /home. */
export function EntryRedirect() {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  return <Navigate to={user ? "/dashboard" : "/home"} replace />;
}
