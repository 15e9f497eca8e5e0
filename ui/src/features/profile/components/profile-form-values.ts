import { parseInteger } from "@/features/workouts";
import { formatDate, parseUkDate } from "@/lib/format";
import type { DashboardChart, ProfileDetails } from "../api/types";
import { defaultAvatar } from "./avatars";

/** ProfileFormValues are the "Your Details" fields as the form holds them (text until sent). */
export interface ProfileFormValues {
  firstName: string;
  surname: string;
  dateOfBirth: string;
  gender: "" | "Male" | "Female";
  displayName: string;
  dashboardChart: DashboardChart;
  icon: string;
  height: string;
}

/** toFormValues fills the form from the saved profile (dates shown as dd/mm/yyyy). */
export function toFormValues(details: ProfileDetails): ProfileFormValues {
  return {
    firstName: details.firstName,
    surname: details.surname,
    dateOfBirth: details.dateOfBirth ? formatDate(details.dateOfBirth) : "",
    gender: details.gender ?? "",
    displayName: details.displayName ?? "",
    dashboardChart: details.dashboardChart,
    icon: details.icon || defaultAvatar,
    height: details.height === null ? "" : String(details.height),
  };
}

/**
 * toProfileDetails is the PUT /api/users/edit payload: height as typed (170.5 goes as such, for
 * the server to ask for whole centimetres) or null when not numeric, empty gender and display name as null, fa-user when no icon was chosen.
 */
export function toProfileDetails(values: ProfileFormValues): ProfileDetails {
  const height = parseInteger(values.height);
  const displayName = values.displayName.trim();
  return {
    firstName: values.firstName.trim(),
    surname: values.surname.trim(),
    dateOfBirth: values.dateOfBirth.trim() === "" ? null : (parseUkDate(values.dateOfBirth) ?? values.dateOfBirth.trim()),
    gender: values.gender === "" ? null : values.gender,
    displayName: displayName === "" ? null : displayName,
    dashboardChart: values.dashboardChart,
    icon: values.icon || defaultAvatar,
    height,
  };
}
