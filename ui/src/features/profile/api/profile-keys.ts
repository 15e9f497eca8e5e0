/** profileKeys are the query keys of the profile feature. */
export const profileKeys = {
  all: ["profile"] as const,
  details: () => [...profileKeys.all, "details"] as const,
  importJob: (id: string) => [...profileKeys.all, "import", id] as const,
};
