// The workouts feature's public surface: what the app shell may use.
export { InProgressBanner } from "./components/in-progress-banner";
