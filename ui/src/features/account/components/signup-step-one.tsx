import { Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { GenderAndBirthFields, NameFields } from "./personal-fields";
import { weightProblem, type SignupFormValues } from "./signup-form-values";

/** SignupStepOne holds the personal details of "Step 1 of 2". */
export function SignupStepOne() {
  const {
    register,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  return (
    <Stack gap="5">
      <NameFields />
      <FormField label="Unit" error={errors.unit?.message}>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field {...register("unit")}>
            <option value="kg">kg</option>
            <option value="lbs">lbs</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <GenderAndBirthFields optional />
      <FormField label="Weight (optional)" error={errors.weight?.message}>
        <Input
          size="lg"
          inputMode="decimal"
          {...register("weight", { validate: weightProblem })}
        />
      </FormField>
    </Stack>
  );
}
