import type { ReactNode } from "react";
import { useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { useSetOf } from "../api/get-set";
import { useSets } from "../api/get-sets";
import type { LoggedSet } from "../api/types";

/** SetFormStart is what a set's Add / Edit form starts from. */
export interface SetFormStart {
  workoutId: string;
  /** The edited set's exercise, or when adding the name in the route. */
  exercise: string;
  /** The set being edited; null when adding. */
  existing: LoggedSet | null;
  /** The workout's sets so far. */
  sets: LoggedSet[];
}

interface SetFormLoaderProps {
  mode: "add" | "edit";
  /** The route parameter that holds the edited set's id. */
  setParam: string;
  children: (start: SetFormStart) => ReactNode;
}

/**
 * SetFormLoader loads what the strength and cardio set forms start from (the workout's sets and,
 * when editing, the set: its row in them when there, so offline too) and shows a spinner
 * meanwhile or an alert when either cannot be had.
 */
export function SetFormLoader({ mode, setParam, children }: SetFormLoaderProps) {
  const params = useParams();
  const workoutId = params.id ?? "";
  const existing = useSetOf(workoutId, mode === "edit" ? params[setParam] : undefined);
  const sets = useSets(workoutId);
  if (sets.isPending || existing.isPending) return <PageSpinner />;
  if (sets.isError) return <ErrorAlert message={describeError(sets.error).message} />;
  if (existing.error) return <ErrorAlert message={describeError(existing.error).message} />;
  const exercise = mode === "edit" ? (existing.data?.exercise ?? "") : (params.name ?? "");
  return children({ workoutId, exercise, existing: existing.data ?? null, sets: sets.data });
}
