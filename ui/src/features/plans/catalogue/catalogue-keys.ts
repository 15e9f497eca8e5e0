/** catalogueKeys are the query keys of the plan catalogue. */
export const catalogueKeys = {
  all: ["plans", "catalogue"] as const,
  pages: () => [...catalogueKeys.all, "page"] as const,
  page: (page: number) => [...catalogueKeys.pages(), { page }] as const,
  checkoutConfig: () => [...catalogueKeys.all, "checkout-config"] as const,
};
