import { useSearchParams } from "react-router";
import type { UserFilter } from "../api/types";

/**
 * useUserFilter is the user whose progress is shown: the `userFilter` display name of the address
 * (a trainer following a client, as the client list links it), else the signed-in user. The
 * calls send it as `user.displayName`.
 */
export function useUserFilter(): UserFilter {
  const [params] = useSearchParams();
  return params.get("userFilter") || undefined;
}
