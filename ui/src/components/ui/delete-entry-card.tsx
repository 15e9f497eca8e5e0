import { Button, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";

/** The state of a query or mutation the card shows: loading, failed, or its data. */
interface Pending<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: T;
}

interface DeleteEntryCardProps<T> {
  title: string;
  question: string;
  /** The entry to delete, as its query has it. */
  entry: Pending<T>;
  /** What the card lists of the loaded entry, label and value. */
  facts: (entry: T) => { label: string; value: ReactNode }[];
  /** Where Cancel (and a finished deletion) leads. */
  back: (entry: T) => string;
  deletion: Pending<unknown>;
  onConfirm: (entry: T) => void;
}

/**
 * DeleteEntryCard asks to confirm deleting one entry of a log (a weight, a measurement): what
 * it is, then Cancel and Confirm Delete, with the deletion's error above the buttons.
 */
export function DeleteEntryCard<T>({ title, question, entry, facts, back, deletion, onConfirm }: DeleteEntryCardProps<T>) {
  const data = entry.data;
  return (
    <FormCard title={title}>
      {entry.isPending ? (
        <PageSpinner />
      ) : entry.isError || data === undefined ? (
        <ErrorAlert message={describeError(entry.error).message} />
      ) : (
        <Stack gap="5">
          <Text>{question}</Text>
          <DataList.Root orientation="horizontal">
            {facts(data).map(({ label, value }) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          {deletion.isError && <ErrorAlert message={describeError(deletion.error).message} />}
          <HStack gap="3">
            <LinkButton to={back(data)} variant="outline" size="lg" flex="1">
              Cancel
            </LinkButton>
            <Button colorPalette="red" size="lg" flex="1" loading={deletion.isPending} onClick={() => onConfirm(data)}>
              Confirm Delete
            </Button>
          </HStack>
        </Stack>
      )}
    </FormCard>
  );
}
