import { Badge, Box, Button, Heading, List, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { AppLink } from "@/components/ui/link";
import { Pagination } from "@/components/ui/pagination";
import { apiFetch } from "@/lib/api-client";
import { describeError } from "@/lib/error-messages";
import { afterTheDay } from "@/lib/after-the-day";
import { formatDate } from "@/lib/format";

/** HistoryLine is one change as the API tells it. */
export interface HistoryLine {
  at: string;
  by: string;
  byId: string;
  text: string;
  subject: string;
  /** The workout's or plan's name as it stood before the change ("" for an unnamed workout). */
  about: string;
  /** The workout's date, YYYY-MM-DD. */
  aboutDate?: string;
  /** Days after the workout's date a change made after its day came; 0 for none. */
  daysAfter: number;
}

interface HistoryPage {
  "hydra:member": HistoryLine[];
  "hydra:totalItems": number;
}

/** historyPageSize is the number of lines the API answers a page. */
export const historyPageSize = 30;

/** historyRefresh is how often an open History panel reads the changes again (ms). */
export const historyRefresh = 2000;

/** historyKey is the query key of one page of a history. */
export const historyKey = (path: string, page: number) => ["history", path, { page }] as const;

/** formatWhen shows a change's time in the browser's zone: 25/11/2026, 18:05. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/**
 * HistoryPanel is the History of a workout, a plan or a body log: each change, newest first,
 * with when, who and what. It loads when opened, and follows new changes while open.
 */
export function HistoryPanel({ path, title = "History" }: { path: string; title?: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const id = useId();
  const history = useQuery({
    queryKey: historyKey(path, page),
    queryFn: ({ signal }) => apiFetch<HistoryPage>(`${path}?page=${page}`, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 0,
    // The history trails the change by a moment (its read model is paced): while open, it
    // follows on its own.
    refetchInterval: open ? historyRefresh : false,
  });
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} borderWidth="1px" rounded="md" p="3">
      <Stack gap="3">
        <Button
          variant="ghost"
          justifyContent="space-between"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
        >
          <Heading as="h2" size="md" id={`${id}-heading`}>
            {title}
          </Heading>
          <Text as="span" aria-hidden>
            {open ? "▴" : "▾"}
          </Text>
        </Button>
        {open && (
          <Box id={`${id}-body`}>
            {history.isPending ? (
              <Text color="fg.muted">Loading…</Text>
            ) : history.isError ? (
              <ErrorAlert message={describeError(history.error).message} />
            ) : history.data["hydra:member"].length === 0 ? (
              <Text color="fg.muted">No changes yet.</Text>
            ) : (
              <Stack gap="3">
                <HistoryList lines={history.data["hydra:member"]} />
                <Pagination totalItems={history.data["hydra:totalItems"]} pageSize={historyPageSize} page={page} onPageChange={setPage} />
              </Stack>
            )}
          </Box>
        )}
      </Stack>
    </Box>
  );
}

/** subjectLink is where a line's workout or plan is shown, and what it is called there. */
function subjectLink(line: HistoryLine): { to: string; label: string } | null {
  const [kind, ...rest] = line.subject.split("-");
  const id = encodeURIComponent(rest.join("-"));
  if (kind === "workout" && id) {
    const name = line.about || "Workout";
    return { to: `/workouts/view/${id}`, label: line.aboutDate ? `${name} · ${formatDate(line.aboutDate)}` : name };
  }
  if (kind === "plan" && id) return { to: `/plan/${id}/view`, label: line.about ? `Plan “${line.about}”` : "Plan" };
  return null;
}

/**
 * HistoryList lists changes: the sentence, with the workout or plan it is about (a link) and
 * a marker when it came after the workout's day, then when and who.
 */
export function HistoryList({ lines }: { lines: HistoryLine[] }) {
  return (
    <List.Root gap="2" variant="plain">
      {lines.map((line, i) => {
        const about = subjectLink(line);
        return (
          // The lines of a page never move: their place is their identity.
          <List.Item key={i} display="block">
            <Text>
              {line.text}
              {line.daysAfter > 0 && (
                <Badge colorPalette="orange" variant="subtle" ms="2">
                  {afterTheDay(line.daysAfter)}
                </Badge>
              )}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {about && (
                <>
                  <AppLink to={about.to}>{about.label}</AppLink>
                  {" · "}
                </>
              )}
              <time dateTime={line.at}>{formatWhen(line.at)}</time> · {line.by}
            </Text>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
