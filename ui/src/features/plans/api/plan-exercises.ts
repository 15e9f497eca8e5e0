import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Collection } from "@/features/workouts";
import { notify } from "@/components/ui/notify";
import { apiFetch } from "@/lib/api-client";
import type { CardioTargetPayload, StrengthTargetPayload } from "../model/targets";
import { planKeys } from "./plan-keys";
import type { PlanExercise } from "./types";

/** getPlanExercises loads a plan's exercises in the order they were added. */
export async function getPlanExercises(planId: string, signal?: AbortSignal): Promise<PlanExercise[]> {
  const answer = await apiFetch<Collection<PlanExercise>>(`/api/plan_exercises/list/${encodeURIComponent(planId)}`, { signal });
  return answer["hydra:member"];
}

/** usePlanExercises gives a plan's exercises. */
export function usePlanExercises(planId: string, enabled = true) {
  return useQuery({
    queryKey: planKeys.exercises(planId),
    queryFn: ({ signal }) => getPlanExercises(planId, signal),
    enabled,
  });
}

/** getPlanExercise loads one plan exercise. */
export function getPlanExercise(id: string, signal?: AbortSignal): Promise<PlanExercise> {
  return apiFetch<PlanExercise>(`/api/plan_exercises/${encodeURIComponent(id)}`, { signal });
}

/** planExerciseQueryOptions is the query of one plan exercise. */
export function planExerciseQueryOptions(id: string) {
  return queryOptions({ queryKey: planKeys.exercise(id), queryFn: ({ signal }) => getPlanExercise(id, signal) });
}

/** usePlanExercise gives one plan exercise. */
export function usePlanExercise(id: string) {
  return useQuery(planExerciseQueryOptions(id));
}

/** StrengthSave is the plan exercise upsert's payload; id is set when editing. */
export interface StrengthSave {
  id?: string;
  plan: string;
  exercise: string;
  category: string;
  targets: StrengthTargetPayload[];
  notes: string;
  muscleGroups: number[];
}

/** CardioSave is the plan cardio upsert's payload; id is set when editing. */
export interface CardioSave {
  id?: string;
  plan: string;
  exercise: string;
  targets: CardioTargetPayload[];
  notes: string;
}

/** savePlanExercise adds a strength exercise to a plan, or edits one. */
export function savePlanExercise(payload: StrengthSave): Promise<PlanExercise> {
  return apiFetch<PlanExercise>("/api/plan_exercises/add", { method: "POST", body: payload });
}

/** savePlanCardio adds a cardio exercise to a plan, or edits one. */
export function savePlanCardio(payload: CardioSave): Promise<PlanExercise> {
  return apiFetch<PlanExercise>("/api/plan_exercises/add-cardio", { method: "POST", body: payload });
}

/** The plan and the lists change with its exercises: names, muscle groups, "not in plan". */
function invalidatePlan(queryClient: ReturnType<typeof useQueryClient>, planId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: planKeys.detail(planId) }),
    queryClient.invalidateQueries({ queryKey: planKeys.lists() }),
  ]);
}

/** useSavePlanExercise saves a strength or cardio plan exercise of planId. */
export function useSavePlanExercise(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { kind: "strength"; payload: StrengthSave } | { kind: "cardio"; payload: CardioSave }) =>
      save.kind === "strength" ? savePlanExercise(save.payload) : savePlanCardio(save.payload),
    onSuccess: (exercise) => {
      notify(`${exercise.name} saved.`);
      queryClient.setQueryData(planKeys.exercise(exercise.id), exercise);
      return invalidatePlan(queryClient, planId);
    },
  });
}

/** deletePlanExercise removes an exercise from its plan. */
export function deletePlanExercise(id: string): Promise<void> {
  return apiFetch<void>(`/api/plan_exercises/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** useDeletePlanExercise removes an exercise of planId. */
export function useDeletePlanExercise(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlanExercise,
    onSuccess: () => {
      notify("Exercise deleted.");
      return invalidatePlan(queryClient, planId);
    },
  });
}
