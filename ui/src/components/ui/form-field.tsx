import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface FormFieldProps {
  label: ReactNode;
  /** The message under the field; when set the field is marked invalid. */
  error?: string | undefined;
  /** A hint under the field, replaced by the error while there is one. */
  helperText?: ReactNode;
  children: ReactNode;
}

/** FormField labels one input and shows its hint or its first error under it. */
export function FormField({ label, error, helperText, children }: FormFieldProps) {
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error !== undefined ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helperText !== undefined && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}
