import { expect, test } from "../fixtures";
import { newPerson, signUpVerified } from "../flows";

// Save & Next Set does not wait for the server. Five sets are logged back to back while the
// server's answers are held back, so all five are on their way at once; the server itself
// refuses the third (2.5 reps). Exactly that one goes, with the server's reason; after a reload
// the other four are what the server lists, in the order logged.
test("five sets logged back to back, the server refusing one", async ({ page, mailboxDir }) => {
  await signUpVerified(page, mailboxDir, newPerson("Lou"));

  await test.step("quick start and pick Barbell Bench Press", async () => {
    await page.getByRole("button", { name: "Start Workout" }).click();
    await page.getByRole("link", { name: "Free Weights" }).click();
    await page.getByRole("region", { name: "Upper body" }).getByRole("button", { name: "Barbell Bench Press", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Set 1" })).toBeVisible();
  });

  // Holds every save until the fifth set is logged, then lets each go on to the real server.
  let releaseSaves: () => void = () => {};
  const allLogged = new Promise<void>((resolve) => (releaseSaves = resolve));
  await page.route("**/api/exercise_logs/add", async (route) => {
    await allLogged;
    await route.continue();
  });
  const answers: { reps: unknown; status: number }[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (request.method() === "POST" && new URL(response.url()).pathname === "/api/exercise_logs/add") {
      answers.push({ reps: (request.postDataJSON() as { reps: unknown }).reps, status: response.status() });
    }
  });

  const session = page.getByRole("region", { name: "Sets this session" }).getByRole("listitem");

  await test.step("log five sets without waiting for the server", async () => {
    for (const [weight, reps] of [["60", "8"], ["65", "6"], ["70", "2.5"], ["75", "4"], ["80", "3"]] as const) {
      await page.getByLabel("Weight (kg)").fill(weight);
      await page.getByLabel("Reps").fill(reps);
      await page.getByRole("button", { name: "Save & Next Set" }).click();
    }
    await expect(session).toHaveText(["1. 60 x 8", "2. 65 x 6", "3. 70 x 2.5", "4. 75 x 4", "5. 80 x 3"]);
    await expect(page.getByRole("heading", { name: "Set 6" })).toBeVisible();
    expect(answers).toEqual([]);
  });

  await test.step("the refused set goes alone, with the server's reason", async () => {
    releaseSaves();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Please check the validation issues below");
    await expect(alert).toContainText("Set 3 (70 kg x 2.5) was not saved: Please enter whole reps from 1 to 1000.");
    await expect(session).toHaveText(["1. 60 kg x 8", "2. 65 kg x 6", "3. 75 kg x 4", "4. 80 kg x 3"]);
    await expect(page.getByRole("heading", { name: "Set 5" })).toBeVisible();
    expect(answers).toEqual([
      { reps: 8, status: 201 },
      { reps: 6, status: 201 },
      { reps: 2.5, status: 422 },
      { reps: 4, status: 201 },
      { reps: 3, status: 201 },
    ]);
  });

  await test.step("after a reload the server lists the same four sets", async () => {
    await page.unroute("**/api/exercise_logs/add");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Set 5" })).toBeVisible();
    await expect(session).toHaveText(["1. 60 kg x 8", "2. 65 kg x 6", "3. 75 kg x 4", "4. 80 kg x 3"]);
    await expect(page.getByRole("alert")).toBeHidden();

    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    const rows = page.getByRole("table", { name: "Barbell Bench Press sets" }).getByTestId("set-row");
    await expect(rows).toHaveCount(4);
    const lifts = [["60 kg", "8"], ["65 kg", "6"], ["75 kg", "4"], ["80 kg", "3"]] as const;
    for (const [index, [weight, reps]] of lifts.entries()) {
      await expect(rows.nth(index).getByRole("cell").nth(1)).toHaveText(weight);
      await expect(rows.nth(index).getByRole("cell").nth(2)).toHaveText(reps);
    }
  });
});
