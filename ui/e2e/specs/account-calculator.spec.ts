import { expect, test } from "../fixtures";
import { logWeight, newPerson, signUpVerified, utcDate } from "../flows";

// Mifflin-St Jeor by hand: 10 x 70 + 6.25 x 170 - 5 x 30 + 5 = 1617.5; x 1.55 (moderate) =
// 2507.125; lose is 90 %: 2256.4125, rounded 2256.
test("a visitor's calculator starts at age 30, 170 cm and 70 kg and shows the day's plan", async ({ page }) => {
  await page.goto("/home");
  await page.getByRole("button", { name: "Tools" }).click();
  await page.getByRole("menuitem", { name: "Calorie Calculator" }).click();
  await expect(page).toHaveURL(/\/tools\/calorie-calculator$/);

  await expect(page.getByLabel("Age")).toHaveValue("30");
  await expect(page.getByLabel("Height (cm)")).toHaveValue("170");
  await expect(page.getByLabel("Weight (kg)")).toHaveValue("70");
  await expect(page.getByLabel("Activity level")).toHaveValue("moderate");
  await expect(page.getByLabel("Goal")).toHaveValue("lose");

  await page.getByLabel("Gender").selectOption("Male");
  await page.getByRole("button", { name: "Calculate" }).click();

  await expect(page.getByTestId("maintenance-calories")).toHaveText("2507 kcal");
  await expect(page.getByTestId("target-calories")).toHaveText("2256 kcal");
  await expect(page.getByRole("heading", { name: "Breakfast: Omelette with toast" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lunch: Chicken and salad sandwich" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dinner: Chilli con carne" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Dinner ingredients" })).toContainText("150 ml");
  await expect(page).toHaveURL(/\/tools\/calorie-calculator$/);
});

test("a signed-in user's calculator starts at their own age, height, weight and gender", async ({ page, mailboxDir }) => {
  const person = newPerson("Ada");
  await signUpVerified(page, mailboxDir, person);
  await logWeight(page, utcDate(0), "62.5");
  await page.goto("/profile/user/edit");
  await page.getByLabel("Height (cm)").fill("165");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile\/view$/);

  // signUp gives a date of birth of 10/12/1990.
  const now = new Date();
  const hadBirthday = now.getUTCMonth() > 11 || (now.getUTCMonth() === 11 && now.getUTCDate() >= 10);
  const age = now.getUTCFullYear() - 1990 - (hadBirthday ? 0 : 1);

  await page.goto("/tools/calorie-calculator");
  await expect(page.getByLabel("Age")).toHaveValue(String(age));
  await expect(page.getByLabel("Height (cm)")).toHaveValue("165");
  await expect(page.getByLabel("Weight (kg)")).toHaveValue("62.5");
  await expect(page.getByLabel("Gender")).toHaveValue("Female");

  await page.getByLabel("Goal").selectOption("maintain");
  await page.getByLabel("Activity level").selectOption("sedentary");
  await page.getByRole("button", { name: "Calculate" }).click();
  // 10 x 62.5 + 6.25 x 165 - 5 x age - 161, x 1.2, maintain 100 %, rounded.
  const expected = Math.round((625 + 1031.25 - 5 * age - 161) * 1.2);
  await expect(page.getByTestId("target-calories")).toHaveText(`${expected} kcal`);
});
