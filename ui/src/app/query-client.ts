import { MutationCache, QueryCache, QueryClient, type Mutation } from "@tanstack/react-query";
import { accountKeys, type User } from "@/features/account";
import { ApiError } from "@/lib/api-client";
import { endsSession, leavingApp } from "@/lib/reload-app";
import { redirectForApiError } from "./api-error-redirect";

/** Navigation is what the central error handling needs from the router. */
export interface Navigation {
  pathname: () => string;
  /** The address's query string ("?userFilter=…"), when the page has one. */
  search?: () => string;
  navigate: (to: string) => void;
}

/**
 * createAppQueryClient makes the app's QueryClient. Every failed query and mutation passes
 * through one handler: a 401 forgets the signed-in user and 401/403 redirect as the spec says.
 * 422s and the other messages are shown by the page or form that made the call. A query that
 * answers 403 on a screen filtered by a user name (userFilter: a trainer's client who is not,
 * or no longer, a confirmed one, or a name mistyped) stays on the screen, which says so
 * (UnknownClient) and offers a way back, rather than leaving for Access Denied. While a mutation
 * that ends the session runs (`meta.endsSession`: closing the account), and once the page is
 * being loaded afresh, failed calls change nothing: the 401s that follow the session's end are
 * expected, and that mutation decides where the page goes.
 */
export function createAppQueryClient(navigation: Navigation): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handleError(error, true) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => handleError(error, false, mutation) }),
    defaultOptions: { queries: { retry: retryWhenNoAnswer } },
  });

  function handleError(error: unknown, query: boolean, failed?: Mutation<unknown, unknown, unknown, unknown>): void {
    const endingSession = (mutation: Mutation<unknown, unknown, unknown, unknown>) => mutation !== failed && endsSession(mutation);
    if (leavingApp() || queryClient.isMutating({ predicate: endingSession }) > 0) return;
    if (error instanceof ApiError && error.status === 401) {
      queryClient.setQueryData(accountKeys.me(), null);
    }
    if (query && error instanceof ApiError && error.status === 403 && filtered(navigation.search?.() ?? "")) return;
    const user = queryClient.getQueryData<User | null>(accountKeys.me());
    const target = redirectForApiError(error, navigation.pathname(), user);
    if (target) navigation.navigate(target);
  }

  return queryClient;
}

// Queries are retried twice when the network or a gateway failed, never on a 4xx answer.
function retryWhenNoAnswer(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500) && failureCount < 2;
}

function filtered(search: string): boolean {
  return (new URLSearchParams(search).get("userFilter") ?? "").trim() !== "";
}
