import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useVerifyPasswordCode } from "../api/forgot-password";
import { passwordResetStorage } from "../components/password-reset-storage";

/**
 * VerifyPasswordCodePage checks the code e-mailed for a password reset. Without a stored e-mail
 * (the flow was not started here) it goes back to /forgot-password.
 */
export function VerifyPasswordCodePage() {
  const navigate = useNavigate();
  const verifyCode = useVerifyPasswordCode();
  const [email] = useState(passwordResetStorage.email);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ passwordCode: string }>({ defaultValues: { passwordCode: "" } });

  if (!email) return <Navigate to="/forgot-password" replace />;

  const onSubmit = handleSubmit(async ({ passwordCode }) => {
    setFailure(null);
    const code = passwordCode.trim();
    try {
      await verifyCode.mutateAsync({ email, passwordCode: code });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["passwordCode"]));
      return;
    }
    passwordResetStorage.saveCode(code);
    await navigate("/set-password");
  });

  return (
    <FormCard title="Enter Code">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <Text>
            We have e-mailed a code to {email}. Enter it below. If it has not arrived, please check your
            junk folder.
          </Text>
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="Code" error={errors.passwordCode?.message}>
            <Input
              size="lg"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...register("passwordCode", { required: "Please enter the code" })}
            />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            Next
          </Button>
          <AppLink to="/forgot-password" py="2">
            Send a new code
          </AppLink>
        </Stack>
      </form>
    </FormCard>
  );
}
