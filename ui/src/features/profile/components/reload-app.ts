/**
 * reloadAppAt loads the app afresh at `path`. After the account is closed nothing held in memory
 * for the user may survive, and the signed-in route guards must not run on a user who no longer
 * exists: a full load starts from a clean slate as a visitor.
 */
export function reloadAppAt(path: string): void {
  window.location.replace(path);
}
