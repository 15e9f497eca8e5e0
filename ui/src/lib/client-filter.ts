import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

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
