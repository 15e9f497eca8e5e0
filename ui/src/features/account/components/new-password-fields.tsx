import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { PasswordCriteria } from "./password-criteria";

/** NewPasswordValues are the fields of a form that sets a new password. */
export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

interface NewPasswordFieldsProps {
  /** The form's register; the form may have other fields too, e.g. the current password. */
  register: (name: keyof NewPasswordValues, options: { required: string }) => UseFormRegisterReturn;
  errors: FieldErrors<NewPasswordValues>;
  confirmLabel: string;
  /** The message when the confirmation is left empty. */
  confirmRequired: string;
}

/**
 * NewPasswordFields are the new password, what it needs and its confirmation, as changing the
 * password and ending a reset ask for them; the server checks the criteria and the match.
 */
export function NewPasswordFields({ register, errors, confirmLabel, confirmRequired }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField label="New password" error={errors.newPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register("newPassword", { required: "Please enter a new password" })} />
      </FormField>
      <PasswordCriteria />
      <FormField label={confirmLabel} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register("confirmPassword", { required: confirmRequired })} />
      </FormField>
    </>
  );
}
