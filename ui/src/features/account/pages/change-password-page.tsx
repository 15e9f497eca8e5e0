import { Button, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useChangePassword, type PasswordChange } from "../api/change-password";
import { useLogout } from "../api/logout";
import { NewPasswordFields } from "../components/new-password-fields";
import { passwordChangedNotice, type SigninNotice } from "../components/signin-notice";

/**
 * ChangePasswordPage takes the current password and the new one twice. Success ends every
 * session of the user, so the page logs out and the user signs in again with the new password;
 * the Login page confirms the change.
 */
export function ChangePasswordPage() {
  const changePassword = useChangePassword();
  const logout = useLogout();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({ defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async (change) => {
    setFailure(null);
    try {
      await changePassword.mutateAsync(change);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["oldPassword", "newPassword", "confirmPassword"]));
      return;
    }
    try {
      await logout.mutateAsync();
    } catch {
      return; // useLogout logs the failure, as the spec says.
    }
    const state: SigninNotice = { notice: passwordChangedNotice };
    await navigate("/signin", { replace: true, state });
  });

  return (
    <FormCard title="Change Password">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="Current password" error={errors.oldPassword?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...register("oldPassword", { required: "Please enter your current password" })}
            />
          </FormField>
          <NewPasswordFields
            register={register}
            errors={errors}
            confirmLabel="Confirm new password"
            confirmRequired="Please confirm your new password"
          />
          <Text fontSize="sm" color="fg.muted">
            You will be signed out everywhere and sign in again with your new password.
          </Text>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting || logout.isPending}>
            Change Password
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
