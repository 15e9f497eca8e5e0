import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { upgradeKeys } from "./upgrade-keys";

/** PaymentsConfig is what the subscribe button needs; the ids are null when payments are not configured. */
export interface PaymentsConfig {
  configured: boolean;
  clientId: string | null;
  planId: string | null;
  sdkUrl: string | null;
  currency: string;
  price: string;
}

/** getPaymentsConfig loads the payment provider's public settings. */
export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiFetch<PaymentsConfig>("/api/payments/config", { signal });
}

/** paymentsConfigQueryOptions is the query of the payments settings; they change only on a deploy. */
export function paymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: upgradeKeys.paymentsConfig(),
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    staleTime: Infinity,
  });
}

/** usePaymentsConfig gives the payments settings. */
export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
