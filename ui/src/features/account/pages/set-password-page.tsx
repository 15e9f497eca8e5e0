import { Button, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useSetPassword } from "../api/forgot-password";
import { NewPasswordFields, type NewPasswordValues } from "../components/new-password-fields";
import { passwordResetStorage } from "../components/password-reset-storage";
import { passwordSetNotice, type SigninNotice } from "../components/signin-notice";

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
  } = useForm<NewPasswordValues>({ defaultValues: { newPassword: "", confirmPassword: "" } });

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
          <NewPasswordFields
            register={register}
            errors={errors}
            confirmLabel="Confirm password"
            confirmRequired="Please confirm your password"
          />
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            Set Password
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
