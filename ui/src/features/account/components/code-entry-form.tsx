import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";

interface CodeEntryFormProps {
  title: string;
  /** What was e-mailed and where, above the field. */
  intro: ReactNode;
  label: string;
  /** The code's name in the request: the server's message about the code goes under the field. */
  field: "authCode" | "passwordCode";
  requiredMessage: string;
  submitLabel: string;
  /** onCode sends the code (trimmed) and goes on; what it throws is shown as the refusal. */
  onCode: (code: string) => Promise<void>;
  /** What to do when the code has not come, under the submit button. */
  footer: ReactNode;
}

/** CodeEntryForm takes a code e-mailed to the user: the account's verification or a password reset. */
export function CodeEntryForm({ title, intro, label, field, requiredMessage, submitLabel, onCode, footer }: CodeEntryFormProps) {
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  // One field, named as in the request so the server's message about it lands under it.
  const { register, handleSubmit, setError, formState } = useForm<Record<string, string>>({ defaultValues: { [field]: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onCode((values[field] ?? "").trim());
    } catch (error) {
      setFailure(applyServerErrors(error, setError, [field]));
    }
  });

  return (
    <FormCard title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <Text>{intro}</Text>
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label={label} error={formState.errors[field]?.message}>
            <Input size="lg" inputMode="numeric" autoComplete="one-time-code" {...register(field, { required: requiredMessage })} />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
          {footer}
        </Stack>
      </form>
    </FormCard>
  );
}
