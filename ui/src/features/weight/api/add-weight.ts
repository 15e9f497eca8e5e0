import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys } from "@/features/account";
import { apiFetch } from "@/lib/api-client";
import type { WeightDetail } from "./types";
import { weightKeys } from "./weight-keys";

/** NewWeight is the POST /api/weights/add payload: weight in the user's unit, date YYYY-MM-DD. */
export interface NewWeight {
  date: string | null;
  weight: number | null;
}

/** addWeight logs a weight; the server answers 201 with the entry. */
export function addWeight(entry: NewWeight): Promise<WeightDetail> {
  return apiFetch<WeightDetail>("/api/weights/add", { method: "POST", body: entry });
}

/**
 * useAddWeight logs a weight. Every page of the list may shift and the user's current weight
 * may change, so both are invalidated.
 */
export function useAddWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWeight,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: weightKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
      ]),
  });
}
