// The dashboard feature's public surface: the keys other features invalidate.
export { dashboardKeys } from "./api/dashboard-keys";
