import { ButtonGroup, IconButton, Pagination as ChakraPagination } from "@chakra-ui/react";
import { FaChevronLeft, FaChevronRight } from "react-icons/fa6";

interface PaginationProps {
  totalItems: number;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
}

/** Pagination shows page buttons when a list has more than one page. */
export function Pagination({ totalItems, pageSize, page, onPageChange }: PaginationProps) {
  if (Math.ceil(totalItems / pageSize) <= 1) return null;
  return (
    <ChakraPagination.Root
      count={totalItems}
      pageSize={pageSize}
      page={page}
      siblingCount={1}
      onPageChange={(details) => onPageChange(details.page)}
    >
      <ButtonGroup variant="ghost" size="md" wrap="wrap" attached={false}>
        <ChakraPagination.PrevTrigger asChild>
          <IconButton aria-label="Previous page">
            <FaChevronLeft />
          </IconButton>
        </ChakraPagination.PrevTrigger>
        <ChakraPagination.Items
          render={(item) => (
            <IconButton aria-label={`Page ${item.value}`} variant={{ base: "ghost", _selected: "outline" }}>
              {item.value}
            </IconButton>
          )}
        />
        <ChakraPagination.NextTrigger asChild>
          <IconButton aria-label="Next page">
            <FaChevronRight />
          </IconButton>
        </ChakraPagination.NextTrigger>
      </ButtonGroup>
    </ChakraPagination.Root>
  );
}
