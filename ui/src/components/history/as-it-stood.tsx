import { Badge, Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { apiFetch } from "@/lib/api-client";
import { describeError } from "@/lib/error-messages";
import { formatWhen } from "./history-panel";

/** toLocalInput is a moment as a datetime-local input shows it, to the second, in the browser's zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

interface AsItStoodProps<T> {
  /** The as-of call without its query: /api/sessions/{id}/as-of. */
  path: string;
  /** What was (a workout, a plan), drawn read-only. */
  render: (then: T) => ReactNode;
  what: string;
}

/**
 * AsItStood opens a workout or a plan as it stood at a chosen date and time: folded by the
 * server from the events recorded up to that moment, shown read-only and marked so.
 */
export function AsItStood<T>({ path, render, what }: AsItStoodProps<T>) {
  const id = useId();
  // Now, to the second: the workout or plan as it stands, every change so far included (a day
  // earlier would be before a new one existed); the person moves it back from there.
  const [value, setValue] = useState(() => toLocalInput(new Date()));
  const [at, setAt] = useState<string | null>(null);
  const then = useQuery({
    queryKey: ["as-of", path, at],
    queryFn: ({ signal }) => apiFetch<T>(`${path}?at=${encodeURIComponent(at ?? "")}`, { signal }),
    enabled: at !== null,
    retry: false,
  });
  return (
    <Stack gap="3">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const moment = new Date(value);
          if (!Number.isNaN(moment.getTime())) setAt(moment.toISOString());
        }}
      >
        <HStack gap="2" wrap="wrap" align="end">
          <Box flex="1" minW="12rem">
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor={`${id}-at`}>Show the {what} as it stood on</label>
            </Text>
            <Input id={`${id}-at`} type="datetime-local" step={1} value={value} onChange={(e) => setValue(e.target.value)} size="lg" />
          </Box>
          <Button type="submit" variant="outline" size="lg">
            Show
          </Button>
          {at !== null && (
            <Button variant="ghost" size="lg" onClick={() => setAt(null)}>
              Close
            </Button>
          )}
        </HStack>
      </form>
      {at !== null &&
        (then.isPending ? (
          <Text color="fg.muted">Loading…</Text>
        ) : then.isError ? (
          <ErrorAlert message={describeError(then.error).message} />
        ) : (
          <Box as="section" aria-label={`The ${what} as it stood`} borderWidth="2px" borderStyle="dashed" rounded="md" p="3">
            <HStack gap="2" mb="2" wrap="wrap">
              <Badge colorPalette="orange" size="lg">
                Read-only
              </Badge>
              <Text fontWeight="medium">As it stood on {formatWhen(at)}</Text>
            </HStack>
            {render(then.data)}
          </Box>
        ))}
    </Stack>
  );
}

/** LastChange is what an undo would undo, as GET /api/sessions/{id}/undo answers. */
interface LastChange {
  lastChange: string | null;
  removes: boolean;
}

interface UndoButtonProps {
  /** The undo call: POST undoes; with lastChangeKey, GET names what it would undo. */
  path: string;
  refresh: QueryKey[];
  /** The query key of the last change, under a key that every change to the thing refreshes. */
  lastChangeKey?: QueryKey;
}

/**
 * UndoButton undoes the last change to a workout or a plan (its owner's), then refreshes. With
 * lastChangeKey it names the change it will undo, and asks first when undoing it removes a set.
 */
export function UndoButton({ path, refresh, lastChangeKey }: UndoButtonProps) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const last = useQuery({
    queryKey: lastChangeKey ?? ["history", "last-change", path],
    queryFn: ({ signal }) => apiFetch<LastChange>(path, { signal }),
    enabled: lastChangeKey !== undefined,
  });
  const undo = useMutation({
    mutationFn: () => apiFetch<unknown>(path, { method: "POST" }),
    onSuccess: () =>
      Promise.all([...refresh, ["history"], ...(lastChangeKey ? [lastChangeKey] : [])].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    onSettled: () => setAsking(false),
  });
  const what = last.data?.lastChange ?? null;
  const nothing = lastChangeKey !== undefined && last.isSuccess && what === null;
  const descriptionId = useId();
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          size="lg"
          loading={undo.isPending}
          disabled={nothing}
          aria-describedby={what ? descriptionId : undefined}
          onClick={() => (last.data?.removes ? setAsking(true) : undo.mutate())}
        >
          Undo last change
        </Button>
        {what && (
          <Text id={descriptionId} color="fg.muted">
            Last change: {what}
          </Text>
        )}
        {nothing && <Text color="fg.muted">Nothing to undo.</Text>}
      </HStack>
      {asking && what && (
        <AlertDialog
          title="Undo removes a set"
          onClose={() => setAsking(false)}
          footer={
            <>
              <Button variant="outline" size="lg" onClick={() => setAsking(false)}>
                Keep it
              </Button>
              <Button colorPalette="red" size="lg" loading={undo.isPending} onClick={() => undo.mutate()}>
                Remove the set
              </Button>
            </>
          }
        >
          <Text>Undoing “{what}” removes that set. Remove it?</Text>
        </AlertDialog>
      )}
      {undo.isError && <ErrorAlert message={describeError(undo.error).message} />}
    </Stack>
  );
}
