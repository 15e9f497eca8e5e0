/** upgradeKeys are the query keys of the upgrade feature. */
export const upgradeKeys = {
  all: ["upgrade"] as const,
  paymentsConfig: () => [...upgradeKeys.all, "payments-config"] as const,
};
