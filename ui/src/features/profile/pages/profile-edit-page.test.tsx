import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { accountKeys, type User } from "@/features/account";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { ProfileEditPage } from "./profile-edit-page";

const saved = {
  firstName: "Ada",
  surname: "Lovelace",
  dateOfBirth: "1990-12-10",
  gender: "Female",
  displayName: null,
  dashboardChart: "Weight",
  icon: "fa-user",
  height: 168,
};

describe("ProfileEditPage", () => {
  it("fills Your Details, saves them, updates the cached user at once and returns to the profile", async () => {
    const requests = mockApi({
      "GET /api/users/user/sub-set": { body: saved },
      "PUT /api/users/edit": ({ body }) => ({ body }),
      "GET /api/users/user/me": { body: { ...testUser, displayName: "Countess", icon: "fa-heart" } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage(<ProfileEditPage />, { path: "/profile/user/edit" });
    queryClient.setQueryData(accountKeys.me(), testUser);

    expect(await screen.findByLabelText("First name")).toHaveValue("Ada");
    expect(screen.getByLabelText("Date of birth")).toHaveValue("10/12/1990");
    expect(screen.getByLabelText("Height (cm)")).toHaveValue(168);
    expect(screen.getByRole("radio", { name: "Person" })).toBeChecked();
    expect(screen.getAllByRole("radio")).toHaveLength(10);

    await user.type(screen.getByLabelText("Display name"), "Countess");
    await user.click(screen.getByRole("radio", { name: "Heart" }));
    await user.selectOptions(screen.getByLabelText("Dashboard chart"), "Duration");
    await user.clear(screen.getByLabelText("Height (cm)"));
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/profile/view"));
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({
      ...saved,
      displayName: "Countess",
      icon: "fa-heart",
      dashboardChart: "Duration",
      height: null,
    });
    const cached = queryClient.getQueryData<User>(accountKeys.me());
    expect(cached?.displayName).toBe("Countess");
    expect(cached?.icon).toBe("fa-heart");
  });

  it("shows a server message under its field", async () => {
    mockApi({
      "GET /api/users/user/sub-set": { body: saved },
      "PUT /api/users/edit": violations(["height", "Please enter a height between 50 and 300 cm."]),
    });
    const user = userEvent.setup();
    renderPage(<ProfileEditPage />, { path: "/profile/user/edit" });

    await user.clear(await screen.findByLabelText("Height (cm)"));
    await user.type(screen.getByLabelText("Height (cm)"), "20");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Please enter a height between 50 and 300 cm.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please check the validation issues below");
  });

  it("cancels to /profile/view", async () => {
    mockApi({ "GET /api/users/user/sub-set": { body: saved } });
    const user = userEvent.setup();
    renderPage(<ProfileEditPage />, { path: "/profile/user/edit" });

    await user.click(await screen.findByRole("link", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/profile/view"));
  });
});
