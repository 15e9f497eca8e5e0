import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { FaPlus } from "react-icons/fa6";
import { useSearchParams } from "react-router";
import { HistoryPanel } from "@/components/history/history-panel";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { describeError } from "@/lib/error-messages";
import { useWeights } from "../api/get-weights";
import { weightPageSize } from "../api/types";
import { WeightTable } from "../components/weight-table";

/** WeightListPage is the Weight Log: the user's weights, newest first, 9 per page. */
export function WeightListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const weights = useWeights(page);

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Weight Log
        </Heading>
        <LinkButton to="/weight/add" colorPalette="brand" size="lg">
          <FaPlus aria-hidden /> Add
        </LinkButton>
      </HStack>
      {weights.isPending ? (
        <PageSpinner />
      ) : weights.isError ? (
        <ErrorAlert message={describeError(weights.error).message} />
      ) : (
        <>
          {weights.data["hydra:member"].length === 0 ? (
            <Text color="fg.muted">Weight logged will be listed here.</Text>
          ) : (
            <WeightTable entries={weights.data["hydra:member"]} />
          )}
          <Pagination
            totalItems={weights.data["hydra:totalItems"]}
            pageSize={weightPageSize}
            page={page}
            onPageChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
          />
        </>
      )}
      <HistoryPanel path="/api/body-log/history" title="Weight and size history" />
    </Stack>
  );
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
