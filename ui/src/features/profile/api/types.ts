import type { Gender } from "@/features/account";

/** DashboardChart is the chart the dashboard shows first. */
export type DashboardChart = "Duration" | "Weight";

/** ProfileDetails are the fields of the "Your Details" form, as GET sub-set and PUT edit carry them. */
export interface ProfileDetails {
  firstName: string;
  surname: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  displayName: string | null;
  dashboardChart: DashboardChart;
  icon: string;
  height: number | null;
}
