import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ExerciseDetail, MuscleGroupSuggestion } from "./types";
import { workoutKeys } from "./workout-keys";

/** getExercise loads one exercise with its muscle groups and whether they are locked. */
export function getExercise(name: string, signal?: AbortSignal): Promise<ExerciseDetail> {
  return apiFetch<ExerciseDetail>(`/api/exercise_details/${encodeURIComponent(name)}`, { signal });
}

/** exerciseQueryOptions is the query of one exercise. */
export function exerciseQueryOptions(name: string) {
  return queryOptions({ queryKey: workoutKeys.exercise(name), queryFn: ({ signal }) => getExercise(name, signal) });
}

/** useExercise gives one exercise. */
export function useExercise(name: string) {
  return useQuery(exerciseQueryOptions(name));
}

/** getSuggestedMuscleGroups loads what other users chose for this exercise name. */
export function getSuggestedMuscleGroups(name: string, signal?: AbortSignal): Promise<MuscleGroupSuggestion> {
  return apiFetch<MuscleGroupSuggestion>(`/api/exercise_details/suggested/${encodeURIComponent(name)}`, { signal });
}

/** useSuggestedMuscleGroups gives the TIP; a failure is silently ignored, as the spec says. */
export function useSuggestedMuscleGroups(name: string) {
  return useQuery({
    queryKey: workoutKeys.suggestedMuscleGroups(name),
    queryFn: ({ signal }) => getSuggestedMuscleGroups(name, signal),
    retry: false,
  });
}

/** editMuscleGroups sets the muscle groups of a custom exercise. */
export function editMuscleGroups(exercise: string, muscleGroups: number[]): Promise<ExerciseDetail> {
  return apiFetch<ExerciseDetail>("/api/exercise_details/edit", { method: "PUT", body: { exercise, muscleGroups } });
}

/** useEditMuscleGroups saves an exercise's muscle groups; the catalogue and workouts show them. */
export function useEditMuscleGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exercise, muscleGroups }: { exercise: string; muscleGroups: number[] }) =>
      editMuscleGroups(exercise, muscleGroups),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workoutKeys.all }),
  });
}
