import { expect, test } from "../fixtures";
import { logOut, newPerson, signIn, signUpVerified } from "../flows";
import { passwordResetCode } from "../mailbox";

test("forgot password: e-mail, the code from the mailbox, a new password, then sign in", async ({ page, mailboxDir }) => {
  const person = newPerson("Ada");
  await signUpVerified(page, mailboxDir, person);
  await logOut(page, /Ada/);

  await test.step("the later steps send a visitor without the flow's e-mail back to /forgot-password", async () => {
    await page.goto("/verify-password-code");
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto("/set-password");
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  await test.step("ask for a code", async () => {
    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(person.email);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/verify-password-code$/);
  });

  await test.step("a wrong code is refused, the e-mailed one accepted", async () => {
    const code = await passwordResetCode(mailboxDir, person.email);
    await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("The code is not correct.")).toBeVisible();
    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/set-password$/);
  });

  await test.step("set the new password; the flow's e-mail and code are cleared", async () => {
    await page.getByLabel("New password", { exact: true }).fill("Better456");
    await page.getByLabel("Confirm password").fill("Better456");
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  await test.step("the old password no longer works, the new one does", async () => {
    await signIn(page, person.email, person.password);
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
    await signIn(page, person.email, "Better456");
    await expect(page).toHaveURL(/\/start-workout$/);
  });
});

test("changing the password signs the user out; they sign in again with the new one", async ({ page, mailboxDir }) => {
  const person = newPerson("Grace");
  await signUpVerified(page, mailboxDir, person);

  await page.goto("/change-password");
  await page.getByLabel("Current password").fill("Wrong1234");
  await page.getByLabel("New password", { exact: true }).fill("Better456");
  await page.getByLabel("Confirm new password").fill("Better456");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();

  await page.getByLabel("Current password").fill(person.password);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("link", { name: "Sign up", exact: true })).toBeVisible();

  await page.goto("/weight/list");
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, person.email, person.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  await signIn(page, person.email, "Better456");
  await expect(page).toHaveURL(/\/start-workout$/);
});
