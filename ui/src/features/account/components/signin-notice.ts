/** SigninNotice is the router state with which a page sends the user to /signin with a confirmation. */
export interface SigninNotice {
  notice: string;
}

/** passwordChangedNotice confirms a changed password; the change signed the user out. */
export const passwordChangedNotice = "Your password has been changed. Please log in with your new password.";

/** passwordSetNotice confirms the password set at the end of "forgot password". */
export const passwordSetNotice = "Your new password has been set. Please log in with it.";

/** signinNotice reads the confirmation from the router state /signin was reached with, if any. */
export function signinNotice(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("notice" in state)) return null;
  return typeof state.notice === "string" ? state.notice : null;
}
