import { useParams } from "react-router";
import { useInProgress } from "./in-progress";

/**
 * useWorkoutId is the workout a screen works on: the id in the route, else (routes whose id is
 * optional, like after a quick start) the workout in progress; "" when there is neither.
 */
export function useWorkoutId(): string {
  const { id } = useParams();
  const inProgress = useInProgress();
  return id || inProgress?.id || "";
}
