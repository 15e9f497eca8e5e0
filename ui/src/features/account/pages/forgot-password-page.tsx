import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useSendPasswordCode } from "../api/forgot-password";
import { passwordResetStorage } from "../components/password-reset-storage";

/** ForgotPasswordPage starts the reset: the e-mail address, kept for the next two pages. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const sendCode = useSendPasswordCode();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: passwordResetStorage.email() ?? "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    const address = email.trim();
    try {
      await sendCode.mutateAsync(address);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["email"]));
      return;
    }
    passwordResetStorage.clear();
    passwordResetStorage.saveEmail(address);
    await navigate("/verify-password-code");
  });

  return (
    <FormCard title="Forgot Password">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <Text>Enter the e-mail address of your account and we will e-mail you a code to reset your password.</Text>
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" size="lg" autoComplete="email" {...register("email", { required: "Email is required" })} />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            Next
          </Button>
          <AppLink to="/signin" py="2">
            Back to Login
          </AppLink>
        </Stack>
      </form>
    </FormCard>
  );
}
