import { Button, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useSetPassword } from "../api/forgot-password";
import { PasswordCriteria } from "../components/password-criteria";
import { passwordResetStorage } from "../components/password-reset-storage";
import { passwordSetNotice, type SigninNotice } from "../components/signin-notice";

interface SetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * SetPasswordPage ends the reset: the new password twice, sent with the stored e-mail and code,
 * which are then cleared; the user signs in at /signin. Without them it goes back to
 * /forgot-password.
 */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  const [stored] = useState(() => ({ email: passwordResetStorage.email(), code: passwordResetStorage.code() }));
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordValues>({ defaultValues: { newPassword: "", confirmPassword: "" } });

  const { email, code } = stored;
  if (!email || !code) return <Navigate to="/forgot-password" replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await setPassword.mutateAsync({ ...values, email, passwordCode: code });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["newPassword", "confirmPassword"]));
      return;
    }
    passwordResetStorage.clear();
    const state: SigninNotice = { notice: passwordSetNotice };
    await navigate("/signin", { state });
  });

  return (
    <FormCard title="Set Password">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="New password" error={errors.newPassword?.message}>
            <PasswordInput
              autoComplete="new-password"
              {...register("newPassword", { required: "Please enter a new password" })}
            />
          </FormField>
          <PasswordCriteria />
          <FormField label="Confirm password" error={errors.confirmPassword?.message}>
            <PasswordInput
              autoComplete="new-password"
              {...register("confirmPassword", { required: "Please confirm your password" })}
            />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            Set Password
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
