import type { User } from "@/features/account";
import { ApiError } from "@/lib/api-client";

// Pages a visitor may stay on when a call answers 401.
const pagesWithoutSignIn = new Set(["/tools/calorie-calculator", "/signin", "/signup"]);

/**
 * redirectForApiError says where the app goes after a failed call, or null to stay: 401 goes to
 * /signin (except on the calorie calculator, sign-in and sign-up pages); 403 goes to /verify for
 * an unverified user and to /no-access for a verified one.
 */
export function redirectForApiError(error: unknown, pathname: string, user: User | null | undefined): string | null {
  if (!(error instanceof ApiError)) return null;
  let target: string | null = null;
  if (error.status === 401 && !pagesWithoutSignIn.has(pathname)) {
    target = "/signin";
  } else if (error.status === 403) {
    const unverified = error.description === "Account not verified" || user?.isVerified === false;
    target = unverified ? "/verify" : "/no-access";
  }
  return target === pathname ? null : target;
}
