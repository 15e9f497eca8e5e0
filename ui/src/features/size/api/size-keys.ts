import type { SizeCategory } from "./types";

/** sizeKeys are the query keys of the size log. */
export const sizeKeys = {
  all: ["sizes"] as const,
  lists: () => [...sizeKeys.all, "list"] as const,
  category: (category: SizeCategory) => [...sizeKeys.lists(), category] as const,
  list: (category: SizeCategory, page: number) => [...sizeKeys.category(category), { page }] as const,
  details: () => [...sizeKeys.all, "detail"] as const,
  detail: (id: string) => [...sizeKeys.details(), id] as const,
};
