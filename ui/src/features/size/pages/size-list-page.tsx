import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { FaPlus } from "react-icons/fa6";
import { Navigate, useParams, useSearchParams } from "react-router";
import { HistoryPanel } from "@/components/history/history-panel";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useSizes } from "../api/get-sizes";
import { isSizeCategory, sizePageSize, type SizeCategory } from "../api/types";
import { CategoryNav } from "../components/category-nav";
import { SizeTable } from "../components/size-table";

/**
 * SizeListPage is the Size Log of one category, newest first, 9 per page. A new category in the
 * address loads the page afresh (it is keyed by the category); an unknown one goes to Arms.
 */
export function SizeListPage() {
  const { category } = useParams();
  if (!isSizeCategory(category)) return <Navigate to="/size/list/Arms" replace />;
  return <SizeLog key={category} category={category} />;
}

function SizeLog({ category }: { category: SizeCategory }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const sizes = useSizes(category, page);

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Size Log: {category}
        </Heading>
        <LinkButton to={`/size/add/${category}`} colorPalette="brand" size="lg">
          <FaPlus aria-hidden /> Add
        </LinkButton>
      </HStack>
      <CategoryNav />
      {sizes.isPending ? (
        <PageSpinner />
      ) : sizes.isSuccess ? (
        <>
          {sizes.data["hydra:member"].length === 0 ? (
            <Text color="fg.muted">{category} size logged will be listed here.</Text>
          ) : (
            <SizeTable entries={sizes.data["hydra:member"]} label={`${category} Size Log`} />
          )}
          <Pagination
            totalItems={sizes.data["hydra:totalItems"]}
            pageSize={sizePageSize}
            page={page}
            onPageChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
          />
        </>
      ) : null}
      <HistoryPanel path="/api/body-log/history" title="Weight and size history" />
    </Stack>
  );
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
