import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { accountKeys, type User } from "@/features/account";
import { ApiError } from "@/lib/api-client";
import { redirectForApiError } from "./api-error-redirect";

/** Navigation is what the central error handling needs from the router. */
export interface Navigation {
  pathname: () => string;
  navigate: (to: string) => void;
}

/**
 * createAppQueryClient makes the app's QueryClient. Every failed query and mutation passes
 * through one handler: a 401 forgets the signed-in user and 401/403 redirect as the spec says.
 * 422s and the other messages are shown by the page or form that made the call.
 */
export function createAppQueryClient(navigation: Navigation): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: { queries: { retry: retryWhenNoAnswer } },
  });

  function handleError(error: unknown): void {
    if (error instanceof ApiError && error.status === 401) {
      queryClient.setQueryData(accountKeys.me(), null);
    }
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
