import { Textarea } from "@chakra-ui/react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";

interface SetNoteFieldProps extends UseFormRegisterReturn<"note"> {
  /** The server's message about the note; shown under the field, which is then marked invalid. */
  error?: string | undefined;
}

/**
 * SetNoteField is a set's optional Note ("seat at 4", "left shoulder twinge"): two rows that grow
 * with what is written, Enter starting a new line, as the note may have several.
 */
export function SetNoteField({ error, ...registered }: SetNoteFieldProps) {
  return (
    <FormField label="Note" error={error}>
      <Textarea size="lg" rows={2} autoresize placeholder="Optional" {...registered} />
    </FormField>
  );
}
