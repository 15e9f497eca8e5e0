import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { workoutKeys } from "./workout-keys";

/**
 * setChangesRunning counts the changes to a workout's sets still in flight: logging, editing,
 * marking done and deleting all share the mutation key workoutKeys.setChanges. Save & Next Set
 * does not wait for the server, so several can run at once, each with its own optimistic row.
 */
export function setChangesRunning(queryClient: QueryClient, workoutId: string): number {
  return queryClient.isMutating({ mutationKey: workoutKeys.setChanges(workoutId) });
}

/**
 * refreshAfterSetChange refetches a workout's sets, heading and snapshots (and any other keys
 * given) from a change's onSettled, but only when it is the last change in flight (a settling
 * change still counts as running). An earlier refetch would answer without the rows of the changes
 * still running, so they would vanish until their own answers came.
 */
export function refreshAfterSetChange(queryClient: QueryClient, workoutId: string, others: readonly QueryKey[] = []): Promise<unknown> {
  if (setChangesRunning(queryClient, workoutId) > 1) return Promise.resolve();
  return Promise.all(
    [workoutKeys.sets(workoutId), workoutKeys.detail(workoutId), workoutKeys.snapshots(), ...others].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
