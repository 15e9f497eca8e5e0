import { Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { describeError } from "@/lib/error-messages";
import { relationshipPageSize, type Paged } from "../api/types";

interface PagedListProps<T> {
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPageChange: (page: number) => void;
  /** What shows when the list is empty. */
  emptyText: string;
  /** The table of a non-empty page. */
  children: (rows: T[]) => ReactNode;
}

/** PagedList shows one page of a relationship list: loading, the failure, the empty text or the rows, and paging by 9. */
export function PagedList<T>({ query, page, onPageChange, emptyText, children }: PagedListProps<T>) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ErrorAlert message={describeError(query.error).message} />;
  const rows = query.data["hydra:member"];
  return (
    <>
      {rows.length === 0 ? <Text color="fg.muted">{emptyText}</Text> : children(rows)}
      <Pagination
        totalItems={query.data["hydra:totalItems"]}
        pageSize={relationshipPageSize}
        page={page}
        onPageChange={onPageChange}
      />
    </>
  );
}
