import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Collection, ExerciseDetail, MuscleGroup } from "./types";
import { workoutKeys } from "./workout-keys";

/** getExercises loads the catalogue: built-ins, then the user's custom exercises. */
export async function getExercises(signal?: AbortSignal): Promise<ExerciseDetail[]> {
  const answer = await apiFetch<Collection<ExerciseDetail[]>>("/api/exercise_details/list", { signal });
  return answer["hydra:member"][0] ?? [];
}

/** exercisesQueryOptions is the query of the exercise catalogue; it changes rarely. */
export function exercisesQueryOptions() {
  return queryOptions({
    queryKey: workoutKeys.exercises(),
    queryFn: ({ signal }) => getExercises(signal),
    staleTime: 60_000,
  });
}

/** useExercises gives the exercise catalogue. */
export function useExercises() {
  return useQuery(exercisesQueryOptions());
}

/** getMuscleGroups loads the muscle groups with their ids and categories. */
export async function getMuscleGroups(signal?: AbortSignal): Promise<MuscleGroup[]> {
  const answer = await apiFetch<Collection<MuscleGroup>>("/api/muscle-groups/list", { signal });
  return answer["hydra:member"];
}

/** muscleGroupsQueryOptions is the query of the muscle groups; they never change. */
export function muscleGroupsQueryOptions() {
  return queryOptions({
    queryKey: workoutKeys.muscleGroups(),
    queryFn: ({ signal }) => getMuscleGroups(signal),
    staleTime: Infinity,
  });
}

/** useMuscleGroups gives the muscle groups. */
export function useMuscleGroups() {
  return useQuery(muscleGroupsQueryOptions());
}

/** RecentExercise is an exercise the user logged, as GET /api/exercise_logs/recent lists it. */
export interface RecentExercise {
  name: string;
  cardio: boolean;
  sets: number;
  /** True for the (at most 8) logged most recently; false for the most used of the others. */
  recent: boolean;
}

/**
 * getRecentExercises loads the exercises the user logged most recently, the latest first (at most
 * 8), then the most used of the others (at most 8).
 */
export async function getRecentExercises(signal?: AbortSignal): Promise<RecentExercise[]> {
  const answer = await apiFetch<Collection<RecentExercise>>("/api/exercise_logs/recent", { signal });
  return answer["hydra:member"];
}

/** useRecentExercises gives the exercises the user logged most recently, which the pickers offer first. */
export function useRecentExercises() {
  return useQuery({ queryKey: workoutKeys.recentExercises(), queryFn: ({ signal }) => getRecentExercises(signal), staleTime: 30_000 });
}

/**
 * getRecognisedExercise is the catalogue exercise another app's name stands for, as an import
 * recognises it ("Lat Pulldown (Cable)" is Lat Pulldown), or null. It gives up after 2 s.
 */
export async function getRecognisedExercise(name: string): Promise<string | null> {
  const answer = await apiFetch<{ recognised: string | null }>(`/api/exercise_details/recognised/${encodeURIComponent(name)}`, {
    signal: AbortSignal.timeout(2000),
  });
  return answer.recognised;
}
