import { Button } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { loadUser, useUser } from "../api/get-me";
import { useResendCode } from "../api/resend-code";
import { useVerifyAccount } from "../api/verify-account";
import { CodeEntryForm } from "../components/code-entry-form";

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

  if (user?.isVerified && !verifiedHere) return <Navigate to="/dashboard" replace />;

  const onCode = async (authCode: string) => {
    if (!user) return;
    await verify.mutateAsync({ userId: user.id, authCode });
    setVerifiedHere(true);
    await loadUser(queryClient);
    await navigate("/start-workout");
  };

  return (
    <CodeEntryForm
      title="Verify your account"
      intro="We have e-mailed you an authorisation code. Enter it below to verify your account. If it has not arrived, please check your junk folder."
      label="Authorisation code"
      field="authCode"
      requiredMessage="Please enter the authorisation code"
      submitLabel="Verify"
      onCode={onCode}
      footer={<ResendCodeButton />}
    />
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
