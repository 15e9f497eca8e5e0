import { useSearchParams } from "react-router";

/**
 * usePlanFilter is the user-name filter of the plan screens: the userFilter of the address (a
 * trainer following a client's plans), "" for the signed-in user's own.
 */
export function usePlanFilter(): string {
  const [params] = useSearchParams();
  return params.get("userFilter")?.trim() ?? "";
}

/** withFilter adds the user filter to a plan screen's path, as userFilter. */
export function withFilter(path: string, user: string): string {
  return user === "" ? path : `${path}?${new URLSearchParams({ userFilter: user }).toString()}`;
}
