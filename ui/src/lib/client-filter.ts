import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { apiFetch } from "./api-client";

const key = "gymlog.userFilter";

/** storedClientFilter is the client a trainer is following in this tab, or "". */
export function storedClientFilter(): string {
  try {
    return sessionStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/** keepClientFilter remembers (or, with "", forgets) the client a trainer is following in this tab. */
export function keepClientFilter(name: string): void {
  try {
    if (name) sessionStorage.setItem(key, name);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): the filter then lives in the address only.
  }
  window.dispatchEvent(new Event(key));
}

/**
 * useClientFilter is the trainer's user filter kept across screens: a userFilter in the
 * address is remembered for the tab, and the header's Plans, Workouts and Progress links carry
 * the remembered one, so following a client on one screen follows them on the others until
 * the filter is cleared.
 */
export function useClientFilter(): string {
  const [searchParams] = useSearchParams();
  const inAddress = searchParams.get("userFilter");
  const [kept, setKept] = useState(storedClientFilter);
  useEffect(() => {
    if (inAddress !== null && inAddress !== storedClientFilter()) keepClientFilter(inAddress);
  }, [inAddress]);
  useEffect(() => {
    const update = () => setKept(storedClientFilter());
    window.addEventListener(key, update);
    return () => window.removeEventListener(key, update);
  }, []);
  return inAddress ?? kept;
}

/** withClientFilter adds the followed client to a list screen's address. */
export function withClientFilter(to: string, filter: string): string {
  return filter ? `${to}?${new URLSearchParams({ userFilter: filter }).toString()}` : to;
}

interface ClientRow {
  clientDisplayName: string;
  status: string;
}

/**
 * useClientNames gives the names of the trainer's confirmed clients, as a user filter names
 * them, for the Filter by name box's suggestions; empty for anyone else.
 */
export function useClientNames(enabled: boolean): string[] {
  const clients = useQuery({
    queryKey: ["coaching", "clients", "all"],
    queryFn: ({ signal }) => apiFetch<{ "hydra:member": ClientRow[] }>("/api/clients/all", { signal }),
    enabled,
  });
  return (clients.data?.["hydra:member"] ?? []).filter((c) => c.status === "Confirmed").map((c) => c.clientDisplayName);
}

/**
 * resolveClientName turns what a trainer typed into the name of one of their confirmed
 * clients (names) when it can only mean that one: the name in another case, or the start of
 * one of its words ("sam" for "Sam One"). Anything else comes back as typed (trimmed), for the
 * screen to say that no client is called that.
 */
export function resolveClientName(typed: string, names: readonly string[]): string {
  const wanted = typed.trim();
  const lower = wanted.toLocaleLowerCase();
  if (wanted === "" || names.includes(wanted)) return wanted;
  const sameCase = names.filter((name) => name.toLocaleLowerCase() === lower);
  if (sameCase.length === 1) return sameCase[0]!;
  const starting = names.filter((name) =>
    name
      .toLocaleLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(lower)),
  );
  return starting.length === 1 ? starting[0]! : wanted;
}
