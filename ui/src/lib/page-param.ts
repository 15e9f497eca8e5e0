import { useSearchParams } from "react-router";

/** pageFrom reads a list's page (from 1) from the address's `page` parameter; anything else is page 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * usePageParam is a paged list's page, kept in the address (`?page=n`, none for page 1) so that
 * back, reload and shared links keep it; the setter moves to another page.
 */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setPage = (next: number) => setSearchParams(next === 1 ? {} : { page: String(next) });
  return [pageFrom(searchParams.get("page")), setPage];
}
