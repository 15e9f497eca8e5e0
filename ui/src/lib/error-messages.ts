import { ApiError } from "./api-client";

/** The general message shown for a 422 answer; the details go under the fields. */
export const validationMessage = "Please check the validation issues below";

/** The general message for a failure the server did not describe. */
export const genericErrorMessage = "Error loading data, please try refreshing the page.";

/** What a form or page shows for a failed call: one general message and field messages. */
export interface ErrorDisplay {
  message: string;
  /** The first message per property path, keyed as in the request payload. */
  fieldErrors: Record<string, string>;
}

/** describeError turns any thrown value into the messages the spec's error catalogue gives. */
export function describeError(error: unknown): ErrorDisplay {
  if (!(error instanceof ApiError)) return { message: genericErrorMessage, fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const { propertyPath, message } of error.violations) {
    fieldErrors[propertyPath] ??= message;
  }
  if (error.status === 422 && error.violations.length > 0) {
    return { message: validationMessage, fieldErrors };
  }
  if (error.title) {
    const message = error.description ? `${error.title}: ${error.description}` : error.title;
    return { message, fieldErrors };
  }
  return { message: genericErrorMessage, fieldErrors };
}
