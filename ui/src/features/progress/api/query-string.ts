import type { UserFilter } from "./types";

/** withQuery adds the query parameters that have a value, and the optional user filter, to a path. */
export function withQuery(path: string, user: UserFilter, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  if (user) query.set("user.displayName", user);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
