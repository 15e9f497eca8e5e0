import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { sizeKeys } from "./size-keys";
import type { SizeCategory, SizeDetail } from "./types";

/** NewSize is the POST /api/sizes/add payload: measurement in cm, date YYYY-MM-DD. */
export interface NewSize {
  date: string | null;
  measurement: number | null;
  category: SizeCategory;
}

/** addSize logs a measurement; the server answers 201 with the entry. */
export function addSize(entry: NewSize): Promise<SizeDetail> {
  return apiFetch<SizeDetail>("/api/sizes/add", { method: "POST", body: entry });
}

/** useAddSize logs a measurement; every page of that category's log may shift. */
export function useAddSize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSize,
    onSuccess: (_entry, sent) => queryClient.invalidateQueries({ queryKey: sizeKeys.category(sent.category) }),
  });
}
