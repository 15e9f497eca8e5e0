import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { WorkoutListPage } from "./workout-list-page";

describe("WorkoutListPage", () => {
  it("shows the empty text, Add Past Workout, and the share banner when a share query is present", async () => {
    mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /api/sessions/list?page=1": { body: { "hydra:member": [], "hydra:totalItems": 0 } },
    });
    renderPage(<WorkoutListPage />, { path: "/workouts", url: "/workouts?share=I%20just%20finished%20Push" });

    expect(await screen.findByText("Workouts logged will be listed here.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Past Workout" })).toHaveAttribute("href", "/workouts/add");
    expect(screen.getByTestId("share-text")).toHaveTextContent("I just finished Push");
    expect(screen.getByRole("link", { name: "Send" })).toHaveAttribute("href", "https://wa.me/?text=I%20just%20finished%20Push");
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
  });
});
