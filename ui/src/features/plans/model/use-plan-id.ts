import { useParams } from "react-router";

/** usePlanId is the plan of the route (/plan/:id/..., /plan/edit/:id ...). */
export function usePlanId(): string {
  return useParams().id ?? "";
}
