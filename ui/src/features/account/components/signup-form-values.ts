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


/** The message of a weight that is not a number (the spec's text). */
export const weightMessage = "Please enter a number";
/** The message of a weight that is a number out of range, as the server words it. */
export const weightRangeMessage = "Please enter a weight between 0 and 1000.";

/**
 * weightProblem checks the optional weight of step 1: empty, or a number from 0 to below 1000
 * (0 is none). It returns the message to show, or true when the weight may be sent.
 */
export function weightProblem(text: string): string | true {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return true;
  const value = Number(trimmed);
  if (!/^[-+]?\d*\.?\d+$/.test(trimmed) || !Number.isFinite(value)) return weightMessage;
  return value >= 0 && value < 1000 ? true : weightRangeMessage;
}

/** The server's messages for the sign-in details, checked here too so step 2 shows them all at once. */
export const emailMessage = "Please enter a valid e-mail address.";
/** passwordMessage is the server's text for a password that misses a criterion. */
export const passwordMessage =
  "Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number.";
/** confirmMessage is the server's text for a confirmation that differs. */
export const confirmMessage = "Passwords do not match.";

/** isEmailAddress accepts a bare address with a dotted domain, as the server does. */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text.trim());
}

/** meetsPasswordCriteria checks the criteria listed under the password. */
export function meetsPasswordCriteria(password: string): boolean {
  return [...password].length >= 8 && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password);
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
