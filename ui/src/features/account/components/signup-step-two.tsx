import { Checkbox, Field, Input, Stack } from "@chakra-ui/react";
import { Controller, useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";
import { PasswordInput } from "@/components/ui/password-input";
import { PasswordCriteria } from "./password-criteria";
import {
  confirmMessage,
  emailMessage,
  isEmailAddress,
  meetsPasswordCriteria,
  passwordMessage,
  type SignupFormValues,
} from "./signup-form-values";

/**
 * SignupStepTwo holds the sign-in details and the agreement of "Step 2 of 2". Every field is
 * checked on Finish, so an unticked agreement does not hide what is wrong with the others; the
 * server checks them again (and whether the address is taken).
 */
export function SignupStepTwo() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  return (
    <Stack gap="5">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" size="lg" autoComplete="email" {...register("email", {
            required: "Email is required",
            validate: (text) => isEmailAddress(text) || emailMessage,
          })} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...register("password", {
            required: "Password is required",
            validate: (text) => meetsPasswordCriteria(text) || passwordMessage,
          })} />
      </FormField>
      <PasswordCriteria id="password-criteria" />
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput
          autoComplete="new-password"
          {...register("confirmPassword", {
            required: "Please confirm your password",
            validate: (text, values) => text === values.password || confirmMessage,
          })}
        />
      </FormField>
      <Controller
        control={control}
        name="agreement"
        rules={{ required: "Please agree to the Terms of Service and Privacy Policy to continue" }}
        render={({ field, fieldState }) => (
          <Field.Root invalid={fieldState.error !== undefined}>
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={({ checked }) => field.onChange(checked === true)}
              name={field.name}
              alignItems="flex-start"
              size="lg"
            >
              <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>
                I agree to the <AppLink to="/terms">Terms of Service</AppLink> and{" "}
                <AppLink to="/privacy">Privacy Policy</AppLink>, including the use of session cookies to keep
                me signed in.
              </Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
          </Field.Root>
        )}
      />
    </Stack>
  );
}
