import type { Mutation } from "@tanstack/react-query";

let leaving = false;

/**
 * reloadAppAt loads the app afresh at `path`. After the account is closed nothing held in memory
 * for the user may survive, and the signed-in route guards must not run on a user who no longer
 * exists: a full load starts from a clean slate as a visitor.
 */
export function reloadAppAt(path: string): void {
  leaving = true;
  window.location.replace(path);
}

/**
 * leavingApp says whether the page is being loaded afresh. Until the new page replaces it, a
 * call that fails (a 401 once the session is gone) must not send the router elsewhere: a
 * client-side navigation then would cancel the load.
 */
export function leavingApp(): boolean {
  return leaving;
}

/**
 * endsSession picks the mutations that end the session (`meta: { endsSession: true }`: closing
 * the account). While one runs, a 401 or a user gone from the cache is expected, and the mutation
 * decides where the page goes: the guards and the error handler leave the page alone.
 */
export function endsSession(mutation: Pick<Mutation, "meta">): boolean {
  return mutation.meta?.endsSession === true;
}
