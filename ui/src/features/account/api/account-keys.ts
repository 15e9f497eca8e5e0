/** accountKeys are the query keys of the account feature. */
export const accountKeys = {
  all: ["account"] as const,
  me: () => [...accountKeys.all, "me"] as const,
};
