import { Input, NativeSelect } from "@chakra-ui/react";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { parseUkDate, todayIsoDate } from "@/lib/format";
import type { Gender } from "../api/types";

/** The fields of a person's details that sign-up and "Your Details" both ask, as text. */
export interface PersonalFieldValues {
  firstName: string;
  surname: string;
  gender: Gender | "";
  dateOfBirth: string;
}

/** The hint under the date of birth, and its message when the date is not real. */
export const dateOfBirthHint = "Please enter a valid date in the format dd/mm/yyyy";
/** The message of a real date that is after today, as the server words it. */
export const dateOfBirthFutureMessage = "Date of birth cannot be in the future.";

/** dateOfBirthProblem checks an optional dd/mm/yyyy date of birth: a real date, not after today. */
export function dateOfBirthProblem(text: string, today: string = todayIsoDate()): string | true {
  if (text.trim() === "") return true;
  const date = parseUkDate(text);
  if (date === null) return dateOfBirthHint;
  return date <= today || dateOfBirthFutureMessage;
}

/** NameFields are First name and Surname, both required, inside a form's FormProvider. */
export function NameFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonalFieldValues>();
  return (
    <>
      <FormField label="First name" error={errors.firstName?.message}>
        <Input size="lg" autoComplete="given-name" {...register("firstName", { required: "First name is required" })} />
      </FormField>
      <FormField label="Surname" error={errors.surname?.message}>
        <Input size="lg" autoComplete="family-name" {...register("surname", { required: "Surname is required" })} />
      </FormField>
    </>
  );
}

/**
 * GenderAndBirthFields are Gender and Date of birth (dd/mm/yyyy), both may stay empty; sign-up
 * labels them "(optional)".
 */
export function GenderAndBirthFields({ optional }: { optional: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonalFieldValues>();
  const suffix = optional ? " (optional)" : "";
  return (
    <>
      <FormField label={`Gender${suffix}`} error={errors.gender?.message}>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field {...register("gender")}>
            <option value="">Prefer not to say</option>
            <option value="Male">Male</option>
            <option value="Female">Female</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label={`Date of birth${suffix}`} helperText={dateOfBirthHint} error={errors.dateOfBirth?.message}>
        <Input
          size="lg"
          placeholder="dd/mm/yyyy"
          autoComplete="bday"
          {...register("dateOfBirth", { validate: (text) => dateOfBirthProblem(text) })}
        />
      </FormField>
    </>
  );
}
