import { Input, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { useUser } from "@/features/account";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useAddClient } from "../api/add-client";
import { AddClientSteps } from "../components/add-client-steps";
import { TrainerOnlyNotice } from "../components/trainer-only-notice";

interface AddClientValues {
  email: string;
}

/** ClientAddPage sends a client request by e-mail (/client/add); a sent request returns to the client list. */
export function ClientAddPage() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const addClient = useAddClient();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddClientValues>({ defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await addClient.mutateAsync(email.trim());
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["email"]));
      return;
    }
    await navigate("/client");
  });

  return (
    <FormCard title="Add Client">
      <Stack gap="5">
        <AddClientSteps />
        {user && !user.trainer ? (
          <TrainerOnlyNotice />
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="5">
              {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
              <FormField label="Client's e-mail" error={errors.email?.message}>
                <Input type="email" size="lg" autoComplete="off" inputMode="email" {...register("email")} />
              </FormField>
              <CancelAndSubmit cancelTo="/client" submitLabel="Send Request" loading={isSubmitting} />
            </Stack>
          </form>
        )}
      </Stack>
    </FormCard>
  );
}
