/** Unit is the unit a user weighs in. */
export type Unit = "kg" | "lbs";

/** Gender as the API spells it; null when not given. */
export type Gender = "Male" | "Female";

/** User is the signed-in user as GET /api/users/user/me returns it. */
export interface User {
  id: string;
  email: string;
  firstName: string;
  surname: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  displayName: string | null;
  dashboardChart: "Duration" | "Weight";
  icon: string;
  height: number | null;
  loggedInName: string;
  trainer: boolean;
  trainersClient: boolean;
  pendingTrainers: number;
  isVerified: boolean;
  sessions: string[];
  age: number | null;
  currentWeightKg: number | null;
  unit: Unit;
  /** The IANA time zone the user's days are counted in; "UTC" until set. */
  timeZone: string;
}
