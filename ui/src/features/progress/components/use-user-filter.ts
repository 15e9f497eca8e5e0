import { useSearchParams } from "react-router";
import type { UserFilter } from "../api/types";

/**
 * useUserFilter is the user whose progress is shown: the `user.displayName` of the address (a
 * trainer following a client), else the signed-in user.
 */
export function useUserFilter(): UserFilter {
  const [params] = useSearchParams();
  return params.get("user.displayName") || undefined;
}
