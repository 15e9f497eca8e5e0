import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys, type User } from "@/features/account";
import { apiFetch } from "@/lib/api-client";

/** Subscription is the POST /api/users/subscribe payload: what the payment provider approved. */
export interface Subscription {
  paymentSource: string;
  orderId: string | null;
  subscriptionId: string;
}

/** subscribe asks the server to check the subscription with the provider and make the user a trainer. */
export function subscribe(subscription: Subscription): Promise<User> {
  return apiFetch<User>("/api/users/subscribe", { method: "POST", body: subscription });
}

/** useSubscribe upgrades the user; the cached user becomes a trainer at once from the answer. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSuccess: (user) => {
      queryClient.setQueryData<User | null>(accountKeys.me(), (cached) =>
        cached ? { ...cached, ...user, trainer: true } : cached,
      );
    },
  });
}
