import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { StartWorkoutPage } from "./start-workout-page";

const plan = (n: number) => ({ id: `p${n}`, name: `Plan ${n}`, exercises: ["Dip"] });
const page = (n: number) => ({ "hydra:member": Array.from({ length: 9 }, (_, i) => plan((n - 1) * 9 + i + 1)), "hydra:totalItems": 40 });

const routes = {
  "GET /api/users/user/me": { body: testUser },
  "GET /api/sessions/unfinished": { body: {} },
  "GET /api/sessions/list?page=1": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
  "GET /api/plans/list?page=1": { body: page(1) },
  "GET /api/plans/list?page=3": { body: page(3) },
  "POST /api/sessions/start/from-plan": { status: 201, body: { id: "w9", start: "2026-11-21T09:30" } },
};

describe("StartWorkoutPage", () => {
  it("lists the plans, at most 3 pages of them, and starts a workout from one into its view", async () => {
    const requests = mockApi(routes);
    renderPage(<StartWorkoutPage />, { path: "/start-workout" });

    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Create Workout From Plan" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Start Plan 1" })).toBeInTheDocument();
    expect(screen.getByText("Previous gym workouts will show here")).toBeInTheDocument();
    // 40 plans, but the list stops at 27: three pages (the recent list has none to page).
    expect(screen.getAllByRole("button", { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(["1", "2", "3"]);
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    expect(await screen.findByRole("button", { name: "Start Plan 27" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Start Plan 20" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/workouts/view/w9"));
    const start = requests.find((r) => r.url === "/api/sessions/start/from-plan");
    expect(start?.body).toMatchObject({ id: "p20" });
  });
});
