import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { AppLink } from "@/components/ui/link";
import { useVerifyPasswordCode } from "../api/forgot-password";
import { CodeEntryForm } from "../components/code-entry-form";
import { passwordResetStorage } from "../components/password-reset-storage";

/**
 * VerifyPasswordCodePage checks the code e-mailed for a password reset. Without a stored e-mail
 * (the flow was not started here) it goes back to /forgot-password.
 */
export function VerifyPasswordCodePage() {
  const navigate = useNavigate();
  const verifyCode = useVerifyPasswordCode();
  const [email] = useState(passwordResetStorage.email);

  if (!email) return <Navigate to="/forgot-password" replace />;

  const onCode = async (passwordCode: string) => {
    await verifyCode.mutateAsync({ email, passwordCode });
    passwordResetStorage.saveCode(passwordCode);
    await navigate("/set-password");
  };

  return (
    <CodeEntryForm
      title="Enter Code"
      intro={`We have e-mailed a code to ${email}. Enter it below. If it has not arrived, please check your junk folder.`}
      label="Code"
      field="passwordCode"
      requiredMessage="Please enter the code"
      submitLabel="Next"
      onCode={onCode}
      footer={
        <AppLink to="/forgot-password" py="2">
          Send a new code
        </AppLink>
      }
    />
  );
}
