import { readFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// The page as it stood when a test failed (Playwright's error context: the accessibility tree
// in YAML) goes into the run's output, not only into a file under the temp folder, which CI
// throws away with the machine. A failure seen once in CI can then be read, not guessed at.
const maxLines = 400;

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "passed" || result.status === "skipped") return;
    for (const attachment of result.attachments) {
      if (attachment.name !== "error-context" || !attachment.path) continue;
      let text: string;
      try {
        text = readFileSync(attachment.path, "utf8");
      } catch {
        continue;
      }
      const lines = text.split("\n");
      const shown = lines.slice(0, maxLines).join("\n");
      const cut = lines.length > maxLines ? `\n… ${lines.length - maxLines} more lines` : "";
      console.log(`\n── the page when "${test.titlePath().slice(1).join(" › ")}" failed ──\n${shown}${cut}\n`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
