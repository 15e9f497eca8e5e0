import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { TimeZoneForm } from "./time-zone-form";

describe("TimeZoneForm", () => {
  it("shows the user's zone and saves another", async () => {
    const requests = mockApi({ "PUT /api/users/time-zone": { body: { timeZone: "America/New_York" } } });
    const user = userEvent.setup();
    renderPage(<TimeZoneForm user={{ ...testUser, timeZone: "Europe/London" }} />, { path: "/profile/view" });

    const select = screen.getByRole("combobox", { name: "Time zone" });
    expect(select).toHaveValue("Europe/London");
    expect(screen.getByRole("button", { name: "Save time zone" })).toBeDisabled();
    await user.selectOptions(select, "America/New_York");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));

    await waitFor(() => expect(requests.find((r) => r.method === "PUT")?.body).toEqual({ timeZone: "America/New_York" }));
  });

  it("shows the server's message on the field", async () => {
    mockApi({ "PUT /api/users/time-zone": violations(["timeZone", "Please choose a valid time zone."]) });
    const user = userEvent.setup();
    renderPage(<TimeZoneForm user={{ ...testUser, timeZone: "UTC" }} />, { path: "/profile/view" });

    await user.selectOptions(screen.getByRole("combobox", { name: "Time zone" }), "Europe/Paris");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect(await screen.findByText("Please choose a valid time zone.")).toBeInTheDocument();
  });

  it("follows the stored zone when it changes while the page is open, until the user picks one", async () => {
    mockApi({});
    const user = userEvent.setup();
    // The device's zone is set for a new user (DefaultTimeZone) while the profile is open.
    function Switching() {
      const [timeZone, setTimeZone] = useState("UTC");
      return (
        <>
          <button type="button" onClick={() => setTimeZone("Pacific/Auckland")}>
            zone set
          </button>
          <TimeZoneForm user={{ ...testUser, timeZone }} />
        </>
      );
    }
    renderPage(<Switching />, { path: "/profile/view" });
    const select = screen.getByRole("combobox", { name: "Time zone" });
    expect(select).toHaveValue("UTC");
    await user.click(screen.getByRole("button", { name: "zone set" }));
    expect(select).toHaveValue("Pacific/Auckland");
  });
});
