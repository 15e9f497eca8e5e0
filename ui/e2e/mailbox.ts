import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** Mail is one message the development mailbox wrote, one JSON file per mail. */
interface Mail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  sentAt: string;
}

/**
 * verificationCode reads the six-digit code from the newest verification mail to `email` in the
 * development mailbox (file names sort by send time), waiting for it to arrive.
 */
export function verificationCode(mailboxDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  return codeFromMail(mailboxDir, email, /Your Gymlog verification code is (\d{6})\./, timeoutMs);
}

/** passwordResetCode reads the code from the newest password-reset mail to `email`, waiting for it. */
export function passwordResetCode(mailboxDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  return codeFromMail(mailboxDir, email, /Your Gymlog password reset code is (\d{6})\./, timeoutMs);
}

async function codeFromMail(mailboxDir: string, email: string, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = await newestMatchTo(mailboxDir, email, pattern);
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(`no mail matching ${pattern} for ${email} in ${mailboxDir} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The code in the newest mail to `email` whose text matches `pattern`, or null.
async function newestMatchTo(mailboxDir: string, email: string, pattern: RegExp): Promise<string | null> {
  let names: string[];
  try {
    names = (await readdir(mailboxDir)).filter((name) => name.endsWith(".json")).sort();
  } catch {
    return null;
  }
  for (const name of names.reverse()) {
    let mail: Mail;
    try {
      mail = JSON.parse(await readFile(join(mailboxDir, name), "utf8")) as Mail;
    } catch {
      continue; // Still being written.
    }
    if (!mail.to.some((address) => address.toLowerCase() === email.toLowerCase())) continue;
    const code = pattern.exec(mail.text)?.[1];
    if (code) return code;
  }
  return null;
}
