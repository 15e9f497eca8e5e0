// The profile feature's public surface: what the app shell uses.
export { DefaultTimeZone } from "./components/default-time-zone";
