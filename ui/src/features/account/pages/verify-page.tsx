import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { loadUser, useUser } from "../api/get-me";
import { useResendCode } from "../api/resend-code";
import { useVerifyAccount } from "../api/verify-account";

interface VerifyFormValues {
  authCode: string;
}

/**
 * VerifyPage takes the authorisation code e-mailed at sign-up. A user who is already verified
 * goes to /dashboard; a successful verification goes to /start-workout.
 */
export function VerifyPage() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const verify = useVerifyAccount();
  const [verifiedHere, setVerifiedHere] = useState(false);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VerifyFormValues>({ defaultValues: { authCode: "" } });

  if (user?.isVerified && !verifiedHere) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async ({ authCode }) => {
    if (!user) return;
    setFailure(null);
    try {
      await verify.mutateAsync({ userId: user.id, authCode: authCode.trim() });
      setVerifiedHere(true);
      await loadUser(queryClient);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["authCode"]));
      return;
    }
    await navigate("/start-workout");
  });

  return (
    <FormCard title="Verify your account">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <Text>
            We have e-mailed you an authorisation code. Enter it below to verify your account. If it
            has not arrived, please check your junk folder.
          </Text>
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="Authorisation code" error={errors.authCode?.message}>
            <Input
              size="lg"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...register("authCode", { required: "Please enter the authorisation code" })}
            />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            Verify
          </Button>
          <ResendCodeButton />
        </Stack>
      </form>
    </FormCard>
  );
}

/**
 * ResendCodeButton asks for a new code. It works once per visit: after a click it shows a
 * spinner, then "Sent", and is never enabled again; a failure is not handled, as the spec says.
 */
function ResendCodeButton() {
  const resend = useResendCode();
  return (
    <Button
      type="button"
      variant="ghost"
      colorPalette="brand"
      size="lg"
      disabled={!resend.isIdle}
      loading={resend.isPending}
      onClick={() => resend.mutate()}
    >
      {resend.isSuccess ? "Sent" : "Resend code"}
    </Button>
  );
}
