import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { reloadAppAt } from "@/lib/reload-app";

/**
 * What the server answers a close: `closed` when every step is done; otherwise (202) `closing`,
 * the closing begun and this session ended, the rest finished on the server within minutes.
 */
export interface CloseAccountAnswer {
  closed: boolean;
  closing?: boolean;
}

/** closeAccount closes the signed-in user's account for good; the server ends the session. */
export function closeAccount(userId: string): Promise<CloseAccountAnswer> {
  return apiFetch("/api/users/delete", { method: "POST", body: { userId, accountClose: true } });
}

/**
 * useCloseAccount is the close-account mutation. It leaves the cache alone: once the account is
 * closed it loads the app afresh at /, which drops everything held for the user at once. The
 * load is the mutation's own, not the button's: the server ends the session before it answers,
 * so another call may answer 401 first, and the page that clicked may be gone by then.
 * `endsSession` keeps those 401s from sending the page to /signin meanwhile (app/query-client.ts).
 * A closing the server will finish later (`closing`) stays on the page, which says so.
 */
export function useCloseAccount() {
  return useMutation({
    mutationFn: closeAccount,
    meta: { endsSession: true },
    onSuccess: (answer) => {
      if (answer.closed) reloadAppAt("/");
    },
  });
}
