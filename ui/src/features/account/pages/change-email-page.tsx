import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useChangeEmail, type EmailChange } from "../api/change-email";

/**
 * ChangeEmailPage moves the account to a new e-mail address, confirmed with the password. A code
 * goes to the new address, so success leads to /verify.
 */
export function ChangeEmailPage() {
  const navigate = useNavigate();
  const changeEmail = useChangeEmail();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailChange>({ defaultValues: { password: "", email: "" } });

  const onSubmit = handleSubmit(async (change) => {
    setFailure(null);
    try {
      await changeEmail.mutateAsync({ password: change.password, email: change.email.trim() });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["password", "email"]));
      return;
    }
    await navigate("/verify");
  });

  return (
    <FormCard title="Change Email">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="Current password" error={errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...register("password", { required: "Please enter your current password" })}
            />
          </FormField>
          <FormField label="New email" error={errors.email?.message}>
            <Input type="email" size="lg" autoComplete="email" {...register("email", { required: "Email is required" })} />
          </FormField>
          <Text fontSize="sm" color="fg.muted">
            We will e-mail a code to the new address to verify it.
          </Text>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            Change Email
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
