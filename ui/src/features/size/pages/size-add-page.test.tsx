import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { todayIsoDate } from "@/lib/format";
import { mockApi } from "@/test/api-mock";
import { renderPage } from "@/test/render";
import { SizeAddPage } from "./size-add-page";

describe("SizeAddPage", () => {
  it("logs a measurement for the category, to 0.1 cm, then goes to its list", async () => {
    const requests = mockApi({ "POST /api/sizes/add": { status: 201, body: { id: "1" } } });
    const user = userEvent.setup();
    renderPage(<SizeAddPage />, { path: "/size/add/:category", url: "/size/add/Waist" });

    expect(screen.getByLabelText("Date")).toHaveValue(todayIsoDate());
    const measurement = screen.getByLabelText("Measurement (cm)");
    expect(measurement).toHaveAttribute("step", "0.1");
    await user.type(measurement, "81.27");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/size/list/Waist"));
    expect(requests[0]?.body).toEqual({ date: todayIsoDate(), measurement: 81.3, category: "Waist" });
  });
});
