import { expect, test } from "../fixtures";
import { logWeight, newPerson, signUp, ukDate, utcDate, verify, weightRows } from "../flows";

test("sign up, verify, sign out, sign in and keep a weight log", async ({ page, mailboxDir }) => {
  const person = newPerson("Ada");

  await test.step("sign up in two steps", async () => {
    await signUp(page, person);
  });

  await test.step("verify with the e-mailed code", async () => {
    await verify(page, mailboxDir, person);
    await expect(page.getByRole("heading", { name: "Start Workout" })).toBeVisible();
  });

  await test.step("sign out", async () => {
    await page.getByRole("button", { name: /Ada/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("link", { name: "Sign up", exact: true })).toBeVisible();
  });

  await test.step("a wrong password is refused, the right one lets the user in", async () => {
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong1234");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials");

    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/start-workout$/);
  });

  const [twoDaysAgo, yesterday, today] = [utcDate(-2), utcDate(-1), utcDate(0)];

  await test.step("log three weights and see the differences", async () => {
    await page.goto("/weight/list");
    await expect(page.getByText("Weight logged will be listed here.")).toBeVisible();
    await logWeight(page, twoDaysAgo, "80");
    await logWeight(page, yesterday, "81.5");
    await logWeight(page, today, "80.75");

    expect(await weightRows(page)).toEqual([
      [ukDate(today), "80.75 kg", "-0.75 kg"],
      [ukDate(yesterday), "81.5 kg", "+1.5 kg"],
      [ukDate(twoDaysAgo), "80 kg", "–"],
    ]);
  });

  await test.step("delete one weight", async () => {
    await page.getByRole("link", { name: `Delete 81.5 kg on ${ukDate(yesterday)}` }).click();
    await expect(page).toHaveURL(/\/weight\/delete\/.+/);
    await expect(page.getByRole("button", { name: "Confirm Delete" })).toBeVisible();
    await expect(page.getByText("81.5 kg")).toBeVisible();
    await expect(page.getByText(ukDate(yesterday))).toBeVisible();
    await page.getByRole("button", { name: "Confirm Delete" }).click();

    await expect(page).toHaveURL(/\/weight\/list$/);
    await expect.poll(() => weightRows(page)).toEqual([
      [ukDate(today), "80.75 kg", "+0.75 kg"],
      [ukDate(twoDaysAgo), "80 kg", "–"],
    ]);
  });

  await test.step("a bad weight shows the server's message under the weight field", async () => {
    await page.goto("/weight/add");
    const weight = page.getByLabel(/^Weight/);
    await weight.fill("-5");
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/weights/add"));
    await page.getByRole("button", { name: "Confirm" }).click();

    const response = await answer;
    expect(response.status()).toBe(422);
    const body = (await response.json()) as { violations: { propertyPath: string; message: string }[] };
    const message = body.violations.find((violation) => violation.propertyPath === "weight")?.message;
    expect(message, "the 422 names the weight field").toBeTruthy();
    await expect(page.getByRole("alert")).toContainText("Please check the validation issues below");
    await expect(weight).toHaveAttribute("aria-invalid", "true");
    const errorId = await weight.getAttribute("aria-errormessage");
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message ?? "");
    await expect(page).toHaveURL(/\/weight\/add$/);
  });
});
