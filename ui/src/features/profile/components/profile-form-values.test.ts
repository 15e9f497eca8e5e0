import { describe, expect, it } from "vitest";
import { toFormValues, toProfileDetails, type ProfileFormValues } from "./profile-form-values";

const values: ProfileFormValues = {
  firstName: " Ada ",
  surname: "Lovelace",
  dateOfBirth: "10/12/1990",
  gender: "",
  displayName: " ",
  dashboardChart: "Duration",
  icon: "",
  height: "168",
};

describe("profile form values", () => {
  it("sends height as a number, empty gender and display name as null, fa-user by default", () => {
    expect(toProfileDetails(values)).toEqual({
      firstName: "Ada",
      surname: "Lovelace",
      dateOfBirth: "1990-12-10",
      gender: null,
      displayName: null,
      dashboardChart: "Duration",
      icon: "fa-user",
      height: 168,
    });
  });

  it("sends a height that is not numeric as null", () => {
    expect(toProfileDetails({ ...values, height: "tall" }).height).toBeNull();
    expect(toProfileDetails({ ...values, height: "" }).height).toBeNull();
  });

  it("sends a height with a fraction as typed, for the server to refuse, not cut to a whole number", () => {
    expect(toProfileDetails({ ...values, height: "170.5" }).height).toBe(170.5);
  });

  it("shows the saved profile with the date as dd/mm/yyyy", () => {
    expect(
      toFormValues({
        firstName: "Ada",
        surname: "Lovelace",
        dateOfBirth: "1990-12-10",
        gender: "Female",
        displayName: null,
        dashboardChart: "Weight",
        icon: "fa-heart",
        height: null,
      }),
    ).toEqual({
      firstName: "Ada",
      surname: "Lovelace",
      dateOfBirth: "10/12/1990",
      gender: "Female",
      displayName: "",
      dashboardChart: "Weight",
      icon: "fa-heart",
      height: "",
    });
  });
});
