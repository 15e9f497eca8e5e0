import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { testUser } from "@/test/render";
import { redirectForApiError } from "./api-error-redirect";

const unauthorized = new ApiError(401, "An error occurred", "Unauthorized", []);
const forbidden = new ApiError(403, "An error occurred", "Forbidden", []);

describe("redirectForApiError", () => {
  it("sends a 401 to /signin except on the calorie calculator, sign-in and sign-up pages", () => {
    expect(redirectForApiError(unauthorized, "/weight/list", null)).toBe("/signin");
    expect(redirectForApiError(unauthorized, "/tools/calorie-calculator", null)).toBeNull();
    expect(redirectForApiError(unauthorized, "/signin", null)).toBeNull();
    expect(redirectForApiError(unauthorized, "/signup", null)).toBeNull();
  });

  it("sends a 403 to /verify for an unverified user and to /no-access for a verified one", () => {
    const notVerified = new ApiError(403, "An error occurred", "Account not verified", []);
    expect(redirectForApiError(notVerified, "/weight/list", null)).toBe("/verify");
    expect(redirectForApiError(forbidden, "/weight/list", { ...testUser, isVerified: false })).toBe("/verify");
    expect(redirectForApiError(forbidden, "/weight/delete/7", testUser)).toBe("/no-access");
  });

  it("leaves other failures and the current page alone", () => {
    expect(redirectForApiError(new ApiError(422, "An error occurred", "x", []), "/weight/add", testUser)).toBeNull();
    expect(redirectForApiError(new Error("boom"), "/weight/add", testUser)).toBeNull();
    expect(redirectForApiError(forbidden, "/no-access", testUser)).toBeNull();
  });
});
