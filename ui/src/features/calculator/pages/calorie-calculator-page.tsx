import { Button, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormField } from "@/components/ui/form-field";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser, type User } from "@/features/account";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useCalculate } from "../api/calculate";
import {
  activityLevels,
  calculatorDefaults,
  goals,
  type CalculatorFormValues,
} from "../components/calculator-defaults";
import { CalculatorResultView } from "../components/calculator-result-view";

/**
 * CalorieCalculatorPage is the public calorie calculator. It starts from the signed-in user's
 * own values, or the visitor fallbacks, and shows the target calories, macros and meals.
 */
export function CalorieCalculatorPage() {
  const { data: user, isPending } = useUser();
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          Calorie Calculator
        </Heading>
        <Text color="fg.muted">
          Your daily calories for your goal, the macros to aim for, and three meals that fit them.
        </Text>
      </Stack>
      {isPending ? <PageSpinner /> : <CalculatorForm key={user?.id ?? "visitor"} user={user ?? null} />}
    </Stack>
  );
}

const requiredNumber = { required: "Please enter a number" } as const;

function CalculatorForm({ user }: { user: User | null }) {
  const calculate = useCalculate();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CalculatorFormValues>({ defaultValues: calculatorDefaults(user) });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await calculate.mutateAsync({
        age: toNumber(values.age),
        height: toNumber(values.height),
        weight: toNumber(values.weight),
        gender: values.gender === "" ? null : values.gender,
        activityLevel: values.activityLevel,
        goal: values.goal,
      });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["age", "height", "weight", "gender", "activityLevel", "goal"]));
    }
  });

  return (
    <Stack gap="8">
      <form onSubmit={onSubmit} noValidate aria-label="Calorie Calculator">
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            <FormField label="Age" error={errors.age?.message}>
              <Input type="number" inputMode="numeric" step="1" size="lg" {...register("age", requiredNumber)} />
            </FormField>
            <FormField label="Height (cm)" error={errors.height?.message}>
              <Input type="number" inputMode="decimal" size="lg" {...register("height", requiredNumber)} />
            </FormField>
            <FormField label="Weight (kg)" error={errors.weight?.message}>
              <Input type="number" inputMode="decimal" step="0.01" size="lg" {...register("weight", requiredNumber)} />
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            <FormField label="Gender" error={errors.gender?.message}>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field {...register("gender", { required: "Please choose a gender" })}>
                  <option value="">Choose…</option>
                  <option value="Male">Male</option>
                  <option value="Female">Female</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Activity level" error={errors.activityLevel?.message}>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field {...register("activityLevel", { required: "Please choose an activity level" })}>
                  {activityLevels.map((level) => (
                    <option key={level.value} value={level.value}>
                      {level.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Goal" error={errors.goal?.message}>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field {...register("goal", { required: "Please choose a goal" })}>
                  {goals.map((goal) => (
                    <option key={goal.value} value={goal.value}>
                      {goal.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ md: "flex-start" }} loading={isSubmitting}>
            Calculate
          </Button>
        </Stack>
      </form>
      {calculate.data && <CalculatorResultView result={calculate.data} />}
    </Stack>
  );
}

function toNumber(text: string): number | null {
  const value = Number(text);
  return text.trim() === "" || !Number.isFinite(value) ? null : value;
}
