import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import type { ImportJob, ImportPreview } from "../api/import-types";
import { DownloadMyData } from "./download-my-data";
import { ImportPreviewTable, inAccountText } from "./import-preview-table";
import { ImportWorkouts, maxImportBytes } from "./import-workouts";

const strong = `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps
2024-03-04 18:30:00,"Jambes, día 1",1h 5m,Squat (Barbell),1,100,5
2024-03-04 18:30:00,"Jambes, día 1",1h 5m,Rest Timer,Rest Timer,0,0
`;

const preview: ImportPreview = {
  format: "strong",
  workouts: 1,
  sets: 1,
  weights: 0,
  sizes: 0,
  from: "2024-03-04",
  to: "2024-03-04",
  items: [{ line: 2, date: "2024-03-04", startTime: "18:30", finishTime: "19:35", name: "Jambes, día 1", sets: 1, inAccount: false }],
  inAccount: 0,
  exercises: [{ name: "Squat (Barbell)", as: "Barbell Back Squat", catalogue: true, line: 2, sets: 1 }],
  skipped: [{ line: 3, reason: "A rest timer, not a set." }],
  skippedCount: 1,
  adjusted: [],
  adjustedCount: 0,
};

const running: ImportJob = { id: "job-1", status: "running", done: 0, total: 1, result: null };
const done: ImportJob = {
  ...running,
  status: "done",
  done: 1,
  result: { workouts: 1, sets: 1, weights: 0, sizes: 0, alreadyImported: 0, failed: [] },
};

describe("ImportPreviewTable", () => {
  it("names the workouts the account holds already, which the import leaves as they are", () => {
    const held = { line: 9, date: "2024-03-06", startTime: "07:00", finishTime: "08:00", name: "Push", sets: 4, inAccount: true };
    renderPage(<ImportPreviewTable preview={{ ...preview, workouts: 2, items: [...preview.items, held], inAccount: 1 }} />, { path: "/profile/view" });
    const region = screen.getByRole("region", { name: "Import preview" });
    expect(region).toHaveTextContent("1 of these workouts is in your account already: it is left as it is.");
    const rows = within(screen.getByRole("table", { name: "Workouts to import" })).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "DateTimeNameSets",
      "04/03/202418:30–19:35Jambes, día 11",
      "06/03/202407:00–08:00PushIn your account4",
    ]);
  });

  it("lists each exercise name of the file with what it becomes", () => {
    const exercises = [
      ...preview.exercises,
      { name: "Plank", as: "Plank", catalogue: true, line: 4, sets: 1 },
      { name: "Zercher Squat (Barbell)", as: "Zercher Squat (Barbell)", catalogue: false, line: 5, sets: 3 },
    ];
    renderPage(<ImportPreviewTable preview={{ ...preview, exercises }} />, { path: "/profile/view" });
    const region = screen.getByRole("region", { name: "Exercises" });
    expect(within(region).getByRole("heading")).toHaveTextContent("Exercises (3)");
    expect(within(region).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Squat (Barbell) → Barbell Back Squat (1 set)",
      "Plank (1 set)",
      "Zercher Squat (Barbell): your own exercise (3 sets)",
    ]);
  });

  it("says so when every workout of the file is in the account", () => {
    expect(inAccountText(2, 2)).toBe("All of these workouts are in your account already: they are left as they are.");
    expect(inAccountText(2, 3)).toBe("2 of these workouts are in your account already: they are left as they are.");
  });
});

describe("ImportWorkouts", () => {
  it("previews a file with its skipped lines, imports it on confirmation and shows the progress and the result", async () => {
    const requests = mockApi({
      "POST /api/imports/preview": { body: preview },
      "POST /api/imports": { status: 202, body: running },
      "GET /api/imports/job-1": { body: done },
    });
    const user = userEvent.setup();
    renderPage(<ImportWorkouts user={testUser} />, { path: "/profile/view" });

    expect(screen.getByRole("button", { name: "Preview" })).toBeDisabled();
    await user.upload(screen.getByLabelText("File"), new File([strong], "strong.csv", { type: "text/csv" }));
    await user.selectOptions(screen.getByLabelText("Weights in a Strong file"), "lbs");
    await user.click(screen.getByRole("button", { name: "Preview" }));

    const region = await screen.findByRole("region", { name: "Import preview" });
    expect(region).toHaveTextContent("Strong CSV: 1 workouts, 1 sets from 04/03/2024 to 04/03/2024.");
    expect(within(screen.getByRole("table", { name: "Workouts to import" })).getByText("Jambes, día 1")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Skipped" })).getByText("Line 3: A rest timer, not a set.")).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ content: strong, format: "auto", unit: "lbs" });

    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Imported 1 workouts, 1 sets, 0 weights and 0 sizes.", undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST" && r.url === "/api/imports")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Import" })).not.toBeInTheDocument();
  });

  it("lets the person change what an exercise becomes, previews again with the choice, imports with it and keeps it for next time", async () => {
    localStorage.clear();
    const chosen = { ...preview, exercises: [{ name: "Squat (Barbell)", as: "Front Squat", catalogue: true, line: 2, sets: 1, chosen: true }] };
    const requests = mockApi({
      "POST /api/imports/preview": (request) => ({ body: (request.body as { exercises?: object }).exercises ? chosen : preview }),
      "POST /api/imports": { status: 202, body: running },
      "GET /api/imports/job-1": { body: done },
      "GET /api/exercise_details/list": { body: { "hydra:member": [[{ name: "Front Squat" }, { name: "Barbell Back Squat" }]] } },
    });
    const user = userEvent.setup();
    renderPage(<ImportWorkouts user={testUser} />, { path: "/profile/view" });
    await user.upload(screen.getByLabelText("File"), new File([strong], "strong.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Preview" }));

    const exercises = await screen.findByRole("region", { name: "Exercises" });
    expect(exercises).toHaveTextContent("Squat (Barbell) → Barbell Back Squat (1 set)");
    await user.click(within(exercises).getByRole("button", { name: "Change Squat (Barbell)" }));
    const as = within(exercises).getByLabelText("Import Squat (Barbell) as");
    await user.clear(as);
    await user.type(as, "Front Squat");
    await user.click(within(exercises).getByRole("button", { name: "Use" }));

    expect(await within(exercises).findByText("Squat (Barbell) → Front Squat (1 set)")).toBeInTheDocument();
    const previews = requests.filter((r) => r.url === "/api/imports/preview");
    expect(previews.at(-1)?.body).toEqual({ content: strong, format: "auto", unit: "", exercises: { "Squat (Barbell)": "Front Squat" } });
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Imported 1 workouts, 1 sets, 0 weights and 0 sizes.", undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST" && r.url === "/api/imports")?.body).toEqual(previews.at(-1)?.body);
    expect(JSON.parse(localStorage.getItem("gymlog.importExercises") ?? "{}")).toEqual({ "Squat (Barbell)": "Front Squat" });
    localStorage.clear();
  });

  it("lets the person choose muscle groups for an exercise of their own, previews again and imports with them", async () => {
    localStorage.clear();
    const own = { ...preview, exercises: [{ name: "Landmine Twist", as: "Landmine Twist", catalogue: false, line: 2, sets: 1 }] };
    const withGroups = { ...own, exercises: [{ ...own.exercises[0], muscleGroups: [14, 9] }] };
    const requests = mockApi({
      "POST /api/imports/preview": (request) => ({ body: (request.body as { muscleGroups?: object }).muscleGroups ? withGroups : own }),
      "POST /api/imports": { status: 202, body: running },
      "GET /api/imports/job-1": { body: done },
      "GET /api/exercise_details/list": { body: { "hydra:member": [] } },
      "GET /api/muscle-groups/list": {
        body: { "hydra:member": [{ id: 9, name: "Shoulders", category: "Upper body" }, { id: 14, name: "Abs", category: "Upper body" }] },
      },
    });
    const user = userEvent.setup();
    renderPage(<ImportWorkouts user={testUser} />, { path: "/profile/view" });
    await user.upload(screen.getByLabelText("File"), new File([strong], "strong.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Preview" }));

    const exercises = await screen.findByRole("region", { name: "Exercises" });
    expect(exercises).toHaveTextContent("Muscle groups: none chosen");
    await user.click(within(exercises).getByRole("button", { name: "Muscle groups of Landmine Twist" }));
    await user.click(within(exercises).getByLabelText("Abs"));
    await user.click(within(exercises).getByLabelText("Shoulders"));
    await user.click(within(exercises).getByRole("button", { name: "Use" }));

    expect(await within(exercises).findByText("Muscle groups: Shoulders, Abs")).toBeInTheDocument();
    const previews = requests.filter((r) => r.url === "/api/imports/preview");
    expect(previews.at(-1)?.body).toEqual({ content: strong, format: "auto", unit: "", muscleGroups: { "Landmine Twist": [14, 9] } });
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Imported 1 workouts, 1 sets, 0 weights and 0 sizes.", undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST" && r.url === "/api/imports")?.body).toEqual(previews.at(-1)?.body);
    expect(JSON.parse(localStorage.getItem("gymlog.importMuscleGroups") ?? "{}")).toEqual({ "Landmine Twist": [14, 9] });
    localStorage.clear();
  });

  it("shows the server's reason under the file when it is no export", async () => {
    mockApi({
      "POST /api/imports/preview": {
        status: 422,
        body: { violations: [{ propertyPath: "content", message: "This file is not a Strong or Hevy CSV export, or a Gymlog export (NDJSON)." }] },
      },
    });
    const user = userEvent.setup();
    renderPage(<ImportWorkouts user={testUser} />, { path: "/profile/view" });
    await user.upload(screen.getByLabelText("File"), new File(["a,b\n1,2\n"], "other.csv"));
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText(/not a Strong or Hevy CSV export/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Import" })).not.toBeInTheDocument();
  });

  it("refuses a file over the size the server takes before sending it", async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderPage(<ImportWorkouts user={testUser} />, { path: "/profile/view" });
    const big = new File(["x"], "big.csv");
    Object.defineProperty(big, "size", { value: maxImportBytes + 1 });
    await user.upload(screen.getByLabelText("File"), big);
    expect(await screen.findByText(/at most 8 MB/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Preview" })).toBeDisabled();
    expect(requests).toHaveLength(0);
  });
});

describe("DownloadMyData", () => {
  it("links the NDJSON and CSV downloads", () => {
    mockApi({});
    renderPage(<DownloadMyData />, { path: "/profile/view" });
    expect(screen.getByRole("link", { name: "Download NDJSON" })).toHaveAttribute("href", "/api/exports/events");
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/api/exports/strong-csv");
  });
});
