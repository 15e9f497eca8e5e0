import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { accountKeys } from "@/features/account";
import { mockApi } from "@/test/api-mock";
import { renderPage, testUser } from "@/test/render";
import { DefaultTimeZone } from "./default-time-zone";

function deviceIn(timeZone: string) {
  const options = Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({ ...options, timeZone });
}

describe("DefaultTimeZone", () => {
  it("gives a user whose time zone was never set this device's zone, once", async () => {
    deviceIn("Europe/London");
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "PUT /api/users/time-zone": { body: { timeZone: "Europe/London" } },
    });
    const { queryClient } = renderPage(<DefaultTimeZone />, { path: "/dashboard" });

    await waitFor(() => expect(requests.filter((r) => r.method === "PUT")).toHaveLength(1));
    expect(requests.find((r) => r.method === "PUT")?.body).toEqual({ timeZone: "Europe/London" });
    await waitFor(() => expect(queryClient.getQueryData(accountKeys.me())).toMatchObject({ timeZone: "Europe/London" }));
  });

  it("leaves a zone the user chose alone, and sends nothing for an unverified user", async () => {
    deviceIn("Europe/London");
    const requests = mockApi({ "GET /api/users/user/me": { body: { ...testUser, timeZone: "Asia/Tokyo" } } });
    renderPage(<DefaultTimeZone />, { path: "/dashboard" });
    await screen.findByTestId("location");
    await waitFor(() => expect(requests).toHaveLength(1));

    const unverified = mockApi({ "GET /api/users/user/me": { body: { ...testUser, isVerified: false } } });
    renderPage(<DefaultTimeZone />, { path: "/verify" });
    await waitFor(() => expect(unverified).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unverified.map((r) => r.method)).toEqual(["GET"]);
    expect(requests.map((r) => r.method)).toEqual(["GET"]);
  });
});
