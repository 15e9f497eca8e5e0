import { Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { parseUkDate } from "@/lib/format";
import { dateOfBirthHint, isOptionalNumber, weightMessage, type SignupFormValues } from "./signup-form-values";

/** SignupStepOne holds the personal details of "Step 1 of 2". */
export function SignupStepOne() {
  const {
    register,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  return (
    <Stack gap="5">
      <FormField label="First name" error={errors.firstName?.message}>
        <Input size="lg" autoComplete="given-name" {...register("firstName", { required: "First name is required" })} />
      </FormField>
      <FormField label="Surname" error={errors.surname?.message}>
        <Input size="lg" autoComplete="family-name" {...register("surname", { required: "Surname is required" })} />
      </FormField>
      <FormField label="Unit" error={errors.unit?.message}>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field {...register("unit")}>
            <option value="kg">kg</option>
            <option value="lbs">lbs</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Gender (optional)" error={errors.gender?.message}>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field {...register("gender")}>
            <option value="">Prefer not to say</option>
            <option value="Male">Male</option>
            <option value="Female">Female</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Date of birth (optional)" helperText={dateOfBirthHint} error={errors.dateOfBirth?.message}>
        <Input
          size="lg"
          placeholder="dd/mm/yyyy"
          autoComplete="bday"
          {...register("dateOfBirth", {
            validate: (text) => text.trim() === "" || parseUkDate(text) !== null || dateOfBirthHint,
          })}
        />
      </FormField>
      <FormField label="Weight (optional)" error={errors.weight?.message}>
        <Input
          size="lg"
          inputMode="decimal"
          {...register("weight", { validate: (text) => isOptionalNumber(text) || weightMessage })}
        />
      </FormField>
    </Stack>
  );
}
