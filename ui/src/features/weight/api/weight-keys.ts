/** weightKeys are the query keys of the weight log. */
export const weightKeys = {
  all: ["weights"] as const,
  lists: () => [...weightKeys.all, "list"] as const,
  list: (page: number) => [...weightKeys.lists(), { page }] as const,
  details: () => [...weightKeys.all, "detail"] as const,
  detail: (id: string) => [...weightKeys.details(), id] as const,
};
