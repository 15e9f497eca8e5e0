import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { catalogueKeys } from "./catalogue-keys";
import type { CheckoutConfig } from "./types";

/** getCheckoutConfig loads how to load PayPal's JS SDK for one-off payments in GBP. */
export function getCheckoutConfig(signal?: AbortSignal): Promise<CheckoutConfig> {
  return apiFetch<CheckoutConfig>("/api/plans/checkout-config", { signal });
}

/** checkoutConfigQueryOptions is the query of the checkout settings; they change only on a deploy. */
export function checkoutConfigQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.checkoutConfig(),
    queryFn: ({ signal }) => getCheckoutConfig(signal),
    staleTime: Infinity,
  });
}

/** useCheckoutConfig gives the checkout settings. */
export function useCheckoutConfig() {
  return useQuery(checkoutConfigQueryOptions());
}
