/** calculatorKeys are the query keys of the calorie calculator. */
export const calculatorKeys = {
  all: ["calculator"] as const,
};
