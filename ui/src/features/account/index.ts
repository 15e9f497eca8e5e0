// The account feature's public surface: what the app shell and other features may use.
export { accountKeys } from "./api/account-keys";
export { meQueryOptions, useUser } from "./api/get-me";
export { useLogout } from "./api/logout";
export type { Gender, Unit, User } from "./api/types";
export { dateOfBirthHint, GenderAndBirthFields, NameFields } from "./components/personal-fields";
export type { PersonalFieldValues } from "./components/personal-fields";
