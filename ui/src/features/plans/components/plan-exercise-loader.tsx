import type { ReactNode } from "react";
import { useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { usePlanExercise } from "../api/plan-exercises";
import type { PlanExercise } from "../api/types";

/** What a plan exercise form works on: the plan, the exercise's name, and the saved exercise when editing. */
export interface PlanExerciseTarget {
  planId: string;
  name: string;
  existing: PlanExercise | null;
}

interface PlanExerciseLoaderProps {
  mode: "add" | "edit";
  children: (target: PlanExerciseTarget) => ReactNode;
}

/**
 * PlanExerciseLoader reads a plan exercise form's route (/plan/:id/.../add/:name or
 * .../edit/:exercise) and, when editing, loads the exercise; a load failure shows in place of the form.
 */
export function PlanExerciseLoader({ mode, children }: PlanExerciseLoaderProps) {
  const { id = "", name = "", exercise = "" } = useParams();
  if (mode === "add") return children({ planId: id, name, existing: null });
  return <EditLoader planId={id} exerciseId={exercise} render={children} />;
}

function EditLoader({ planId, exerciseId, render }: { planId: string; exerciseId: string; render: PlanExerciseLoaderProps["children"] }) {
  const exercise = usePlanExercise(exerciseId);
  if (exercise.isPending) return <PageSpinner />;
  if (exercise.isError) return <ErrorAlert message={describeError(exercise.error).message} />;
  return render({ planId, name: exercise.data.name, existing: exercise.data });
}
