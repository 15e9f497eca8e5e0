import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { describeError } from "./error-messages";

/** The part of a failed call's messages that a form shows outside its fields. */
export interface FormErrorSummary {
  message: string;
  /** Field messages for paths the form has no field for. */
  otherErrors: string[];
  /** The form fields that received a message. */
  fieldsWithErrors: Path<FieldValues>[];
}

/**
 * applyServerErrors puts the first server message for each field under that field (fields are
 * named as in the request payload) and returns what the form's alert should say.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): FormErrorSummary {
  const { message, fieldErrors } = describeError(error);
  const known: readonly string[] = fields;
  const otherErrors: string[] = [];
  const fieldsWithErrors: Path<FieldValues>[] = [];
  for (const [path, text] of Object.entries(fieldErrors)) {
    if (known.includes(path)) {
      setError(path as Path<T>, { type: "server", message: text }, { shouldFocus: fieldsWithErrors.length === 0 });
      fieldsWithErrors.push(path);
    } else {
      otherErrors.push(text);
    }
  }
  return { message, otherErrors, fieldsWithErrors };
}
