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
 * verificationCode reads the six-digit code from the newest mail to `email` in the development
 * mailbox (file names sort by send time), waiting for it to arrive.
 */
export async function verificationCode(mailboxDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await newestMailTo(mailboxDir, email);
    const code = mail && /Your Gymlog verification code is (\d{6})\./.exec(mail.text)?.[1];
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(`no verification code for ${email} in ${mailboxDir} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function newestMailTo(mailboxDir: string, email: string): Promise<Mail | null> {
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
    if (mail.to.some((address) => address.toLowerCase() === email.toLowerCase())) return mail;
  }
  return null;
}
