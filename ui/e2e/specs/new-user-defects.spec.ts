import { expect, test } from "../fixtures";
import { newPerson, signUp, signUpVerified, verify } from "../flows";

// What a new user hit in wave 1 (issue 10, item 8), on the real binary: the header leads only to
// screens that exist, the exercise picker narrows as you type, the next set starts from the
// weight as saved, the rest timer survives a reload, and a finish time before the start is
// refused on its field instead of becoming a 22-hour workout; sign-up shows every problem at
// once, a new password is confirmed, and the calculator shows what its meals add up to.

/** minus moves an HH:MM time back by `minutes`, across midnight if need be. */
function minus(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(":").map(Number);
  const total = (((hours * 60 + mins - minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

test("a new user's first workout", async ({ page, mailboxDir }) => {
  await signUpVerified(page, mailboxDir, newPerson("Newcomer"));

  await test.step("the header has no links to screens that do not exist yet", async () => {
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Workouts" }).first()).toBeAttached();
    await expect(header.getByRole("link", { name: "Plans" }).first()).toBeAttached();
    await expect(header.getByRole("link", { name: "Progress" }).first()).toBeAttached();
  });

  await test.step("the exercise picker narrows as you type", async () => {
    await page.getByRole("button", { name: "Start Workout" }).click();
    await page.getByRole("link", { name: "Free Weights" }).click();
    const upper = page.getByRole("region", { name: "Upper body" });
    await expect(upper.getByRole("button").first()).toBeVisible(); // the suggestions have loaded
    const before = await upper.getByRole("button").count();
    await page.getByLabel("Exercise name").fill("BENCH");
    await expect(upper.getByRole("button", { name: "Barbell Bench Press", exact: true })).toBeVisible();
    const names = await upper.getByRole("button").allInnerTexts();
    expect(names.length).toBeLessThan(before);
    for (const name of names) expect(name.toLowerCase()).toContain("bench");
    // A name no exercise has asks before it makes a custom exercise, and offers the catalogue's.
    await page.getByLabel("Exercise name").fill("Bench Press");
    await page.getByRole("button", { name: "Next" }).click();
    const asking = page.getByRole("group", { name: "New exercise" });
    await expect(asking).toContainText("Create a custom exercise ‘Bench Press’?");
    await asking.getByRole("button", { name: "Barbell Bench Press", exact: true }).click();
  });

  const tab = await test.step("set 2 starts from the weight as saved, and the rest timer survives a reload", async () => {
    await page.getByLabel("Weight (kg)").fill("60.555");
    await page.getByLabel("Reps").fill("5");
    await page.getByRole("button", { name: "Save & Next Set" }).click();
    await expect(page.getByRole("heading", { name: "Set 2" })).toBeVisible();
    await expect(page.getByLabel("Weight (kg)")).toHaveValue("60.56");
    await expect(page.getByRole("region", { name: "Sets this session" })).toContainText("60.56 kg x 5");
    await expect(page.getByRole("timer")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Set 2" })).toBeVisible();
    await expect(page.getByRole("timer")).toBeVisible();

    // A phone browser drops a tab in the background and opens it afresh: a new tab, same device.
    const reopened = await page.context().newPage();
    await reopened.goto(page.url());
    await page.close();
    await expect(reopened.getByRole("heading", { name: "Set 2" })).toBeVisible();
    await expect(reopened.getByRole("timer")).toBeVisible();
    await expect(reopened.getByRole("timer")).not.toHaveText("Rest 00:00");
    return reopened;
  });

  await test.step("a finish time before the start is refused on its field", async () => {
    await tab.getByRole("region", { name: "Workout in progress" }).getByRole("link", { name: "Finish" }).click();
    const start = await tab.getByLabel("Start time").inputValue();
    await tab.getByLabel("Finish time").fill(minus(start, 68));
    await tab.getByRole("button", { name: "Confirm" }).click();
    await expect(tab.getByText("A workout can last at most 6 hours: please check the start and finish times.")).toBeVisible();
    await expect(tab.getByRole("region", { name: "Workout in progress" })).toBeVisible();
  });
});

test("sign-up says what is wrong, a new password is confirmed, meals show their totals", async ({ page, mailboxDir }) => {
  const person = newPerson("Grace");

  await test.step("sign-up names every problem, in words that fit it", async () => {
    await page.goto("/signup");
    await page.getByLabel("First name").fill(person.firstName);
    await page.getByLabel("Surname").fill("Hopper");
    await page.getByLabel("Date of birth (optional)").fill("01/01/2099");
    await page.getByLabel("Weight (optional)").fill("-5");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Date of birth cannot be in the future.")).toBeVisible();
    await expect(page.getByText("Please enter a weight between 0 and 1000.")).toBeVisible();
    await page.getByLabel("Date of birth (optional)").fill("");
    await page.getByLabel("Weight (optional)").fill("");
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByLabel("Email").fill("grace@localhost");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("shorter");
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(page.getByText("Please agree to the Terms of Service and Privacy Policy to continue")).toBeVisible();
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number.")).toBeVisible();
    await expect(page.getByText("Passwords do not match.")).toBeVisible();
  });

  await test.step("with that put right, sign-up goes through", async () => {
    await signUp(page, person);
    await verify(page, mailboxDir, person);
  });

  await test.step("a changed password is confirmed on the Login page", async () => {
    await page.goto("/change-password");
    await page.getByLabel("Current password").fill(person.password);
    await page.getByLabel("New password", { exact: true }).fill("Better456");
    await page.getByLabel("Confirm new password").fill("Better456");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText("Your password has been changed. Please log in with your new password.")).toBeVisible();
  });

  await test.step("each meal shows its target and what its ingredients add up to", async () => {
    await page.goto("/tools/calorie-calculator");
    await page.getByLabel("Gender").selectOption("Male");
    await page.getByRole("button", { name: "Calculate" }).click();
    const lunch = page.getByRole("article", { name: "Lunch" });
    await expect(lunch.getByText(/^Target \d+ kcal · the ingredients below add up to \d+ kcal$/)).toBeVisible();
    await expect(lunch.getByRole("table", { name: "Lunch ingredients" }).getByRole("row").last()).toContainText("Total");
  });
});
