import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { calculatorKeys } from "./calculator-keys";
import type { CalculatorInput, CalculatorResult } from "./types";

/** calculate asks the server for the target calories, macros and meals (public, no sign-in). */
export function calculate(input: CalculatorInput): Promise<CalculatorResult> {
  return apiFetch<CalculatorResult>("/api/calculator", { method: "POST", body: input });
}

/**
 * useCalculate runs the calculator. It is a mutation, not a query: the answer belongs to the
 * form's submission and is never shared or refetched.
 */
export function useCalculate() {
  return useMutation({ mutationKey: calculatorKeys.all, mutationFn: calculate });
}
