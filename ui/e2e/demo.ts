/** demoLifter is the account `gymlog demo` seeds before each server starts (see global-setup.ts). */
export const demoLifter = { email: "demo@example.com", password: "Demo1234" } as const;
