import type { FieldPath } from "react-hook-form";
import { parseUkDate, roundTo2 } from "@/lib/format";
import type { Registration } from "../api/register";
import type { Gender, Unit } from "../api/types";

/** SignupFormValues are the sign-up form's fields, named as in the register payload. */
export interface SignupFormValues {
  firstName: string;
  surname: string;
  unit: Unit;
  gender: Gender | "";
  dateOfBirth: string;
  weight: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
}

/** The fields of "Step 1 of 2"; a server error on one of them sends the user back there. */
export const stepOneFields = [
  "firstName",
  "surname",
  "unit",
  "gender",
  "dateOfBirth",
  "weight",
] as const satisfies readonly FieldPath<SignupFormValues>[];

/** The fields of "Step 2 of 2". */
export const stepTwoFields = [
  "email",
  "password",
  "confirmPassword",
  "agreement",
] as const satisfies readonly FieldPath<SignupFormValues>[];

/** The form's starting values: unit kg, everything else empty. */
export const emptySignupForm: SignupFormValues = {
  firstName: "",
  surname: "",
  unit: "kg",
  gender: "",
  dateOfBirth: "",
  weight: "",
  email: "",
  password: "",
  confirmPassword: "",
  agreement: false,
};


/** The message of a weight that is not a number. */
export const weightMessage = "Please enter a number";

/** isOptionalNumber accepts an empty text or a non-negative decimal number. */
export function isOptionalNumber(text: string): boolean {
  return text.trim() === "" || /^\d+([.,]\d+)?$/.test(text.trim());
}

/**
 * toRegistration builds the register payload: the weight rounded to 2 decimals (null when
 * empty or zero), an empty gender as null, the date of birth as YYYY-MM-DD (null when empty).
 */
export function toRegistration(values: SignupFormValues): Registration {
  const weightText = values.weight.trim().replace(",", ".");
  const weight = weightText === "" ? 0 : roundTo2(Number(weightText));
  const dateText = values.dateOfBirth.trim();
  return {
    firstName: values.firstName.trim(),
    surname: values.surname.trim(),
    dateOfBirth: dateText === "" ? null : (parseUkDate(dateText) ?? dateText),
    weight: weight === 0 ? null : weight,
    gender: values.gender === "" ? null : values.gender,
    unit: values.unit,
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
  };
}
