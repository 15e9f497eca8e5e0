// The forgot-password flow spans three pages; the e-mail and the checked code wait in
// sessionStorage between them (they die with the tab) and are cleared once the password is set.
const emailKey = "gymlog.forgotPassword.email";
const codeKey = "gymlog.forgotPassword.code";

/** passwordResetStorage keeps the forgot-password flow's e-mail and code between its pages. */
export const passwordResetStorage = {
  email: (): string | null => read(emailKey),
  code: (): string | null => read(codeKey),
  saveEmail: (email: string): void => write(emailKey, email),
  saveCode: (code: string): void => write(codeKey, code),
  clear: (): void => {
    try {
      sessionStorage.removeItem(emailKey);
      sessionStorage.removeItem(codeKey);
    } catch {
      // Storage refused: nothing was kept.
    }
  },
};

function read(key: string): string | null {
  try {
    const value = sessionStorage.getItem(key);
    return value === "" ? null : value;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private browsing): the next page's guard sends the user back to the start.
  }
}
