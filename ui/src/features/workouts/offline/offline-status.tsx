import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { hashKey, useQueryClient, type FetchQueryOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { accountKeys } from "@/features/account";
import { whenWorkerTakesControl } from "@/lib/service-worker";
import { deleteSet } from "../api/delete-set";
import { ApiError } from "@/lib/api-client";
import { getSets, setsQueryOptions } from "../api/get-sets";
import { getWorkout, workoutQueryOptions } from "../api/get-workout";
import { saveSet } from "../api/log-set";
import { markDone } from "../api/mark-done";
import { setChangesRunning } from "../api/set-changes";
import { workoutKeys } from "../api/workout-keys";
import type { QueuedChange, SetChange } from "./queue";
import { forgetChange, startReplay, useQueuedChanges } from "./sync";

// sendChange sends a queued change as the screen that made it would have, with its key.
function sendChange({ workoutId, key, change }: QueuedChange): Promise<unknown> {
  switch (change.type) {
    case "save":
      return saveSet(workoutId, change.isNew ? null : change.setId, change.input, key);
    case "done":
      return markDone(change.setId, change.rpe, key);
    case "delete":
      return deleteSet(change.setId, key);
  }
}

/**
 * refreshFromServer refetches what replayed changes changed: the replayed workouts and their
 * sets from the server itself (the service worker's copy, which answers when the network fails,
 * is older than the changes), then the other workout queries. It throws the ApiError of status 0
 * when the server did not answer.
 */
async function refreshFromServer(queryClient: QueryClient, workoutIds: string[]): Promise<void> {
  // A fetch already on its way (a refetch on reconnecting) may bring the copy after this one.
  await queryClient.cancelQueries({ queryKey: workoutKeys.all });
  const lists: { queryKey: QueryKey; fetch: () => Promise<unknown> }[] = workoutIds.flatMap((id) => [
    { queryKey: workoutKeys.detail(id), fetch: () => getWorkout(id, undefined, true) },
    { queryKey: workoutKeys.sets(id), fetch: () => getSets(id, undefined, true) },
  ]);
  const answers = await Promise.allSettled(lists.map((list) => list.fetch()));
  const unanswered = answers.find((answer) => answer.status === "rejected" && answer.reason instanceof ApiError && answer.reason.status === 0);
  if (unanswered?.status === "rejected") throw unanswered.reason;
  const fresh = new Set<string>();
  answers.forEach((answer, index) => {
    const { queryKey } = lists[index]!;
    if (answer.status !== "fulfilled") return;
    queryClient.setQueryData(queryKey, answer.value);
    fresh.add(hashKey(queryKey));
  });
  await queryClient.invalidateQueries({ queryKey: workoutKeys.all, predicate: (query) => !fresh.has(query.queryHash) });
}

// keepCopy fetches a query through the service worker, which keeps a copy of the answer; again
// fetches even what was fetched or is being fetched (around the worker, before it took control).
async function keepCopy<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>, again: boolean) {
  if (!again) return queryClient.prefetchQuery(options);
  await queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  return queryClient.prefetchQuery({ ...options, staleTime: 0 });
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

// What a refused change was, in words.
const actions: Record<SetChange["type"], string> = { save: "Saving", done: "Marking done", delete: "Deleting" };

function changeCount(count: number): string {
  return `${count} ${count === 1 ? "change" : "changes"}`;
}

/**
 * OfflineStatus replays the signed-in user's queued set changes (offline/sync.ts) and says where
 * they stand: "Offline — N changes will sync" while offline, how many are syncing once back
 * online, and each change the server refused on replay with the server's reason and what this
 * device kept, until its owner dismisses it. It fetches the workout in progress and its sets
 * (through the service worker, which keeps a copy for offline), and the user again when the
 * service worker takes control of the page (or has, before this component loaded).
 */
export function OfflineStatus({ userId, workoutId }: { userId: string; workoutId: string | null }) {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const mine = useQueuedChanges().filter((entry) => entry.userId === userId);

  useEffect(
    () =>
      startReplay({
        userId,
        send: sendChange,
        refresh: (workoutIds) => refreshFromServer(queryClient, workoutIds),
      }),
    [userId, queryClient],
  );

  useEffect(() => {
    const keep = (again: boolean) => {
      // Not while changes to the sets are on their way: the list would drop their rows (get-sets.ts).
      if (workoutId === null || setChangesRunning(queryClient, workoutId) > 0) return;
      void keepCopy(queryClient, workoutQueryOptions(workoutId), again);
      void keepCopy(queryClient, setsQueryOptions(workoutId), again);
    };
    keep(false);
    // This component loads after the first screen: the worker may have taken control before.
    return whenWorkerTakesControl(() => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
      keep(true);
    });
  }, [queryClient, workoutId]);

  const waitingCount = mine.filter((entry) => entry.refusal === null).length;
  const refused = mine.filter((entry) => entry.refusal !== null);
  if (online && waitingCount === 0 && refused.length === 0) return null;
  return (
    <Stack gap="2" pb="2">
      {(!online || waitingCount > 0) && (
        <Text role="status" fontWeight="bold">
          {online ? `Syncing ${changeCount(waitingCount)}…` : `Offline — ${changeCount(waitingCount)} will sync`}
        </Text>
      )}
      {refused.map((entry) => (
        <HStack key={entry.seq} role="alert" justify="space-between" gap="2" wrap="wrap" bg="bg" color="fg" p="2" rounded="md">
          <Text>
            {actions[entry.change.type]} {entry.label} was refused by the server: {entry.refusal?.message} The change is
            kept on this device only.
          </Text>
          <Button size="sm" variant="outline" onClick={() => void forgetChange(entry.seq)}>
            Dismiss
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
