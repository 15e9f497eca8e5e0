/** workoutKeys are the query keys of workouts, their sets and the exercise catalogue. */
export const workoutKeys = {
  all: ["workouts"] as const,
  lists: () => [...workoutKeys.all, "list"] as const,
  list: (page: number, user = "", afterTheDay = false) => [...workoutKeys.lists(), { page, user, afterTheDay }] as const,
  details: () => [...workoutKeys.all, "detail"] as const,
  detail: (id: string) => [...workoutKeys.details(), id] as const,
  unfinished: () => [...workoutKeys.all, "unfinished"] as const,
  sets: (workoutId: string) => [...workoutKeys.all, "sets", workoutId] as const,
  set: (id: string) => [...workoutKeys.all, "set", id] as const,
  /** The mutation key every change to a workout's sets shares (see set-changes.ts). */
  setChanges: (workoutId: string) => [...workoutKeys.all, "set-changes", workoutId] as const,
  snapshots: () => [...workoutKeys.all, "snapshot"] as const,
  snapshot: (exercise: string, when: "current" | "previous", workoutId: string) =>
    [...workoutKeys.snapshots(), exercise, when, workoutId] as const,
  exercises: () => [...workoutKeys.all, "exercises"] as const,
  exercise: (name: string) => [...workoutKeys.exercises(), name] as const,
  /** The exercises the user logged most recently (the pickers' Recent). */
  recentExercises: () => [...workoutKeys.all, "recent-exercises"] as const,
  suggestedMuscleGroups: (name: string) => [...workoutKeys.exercises(), name, "suggested"] as const,
  muscleGroups: () => [...workoutKeys.all, "muscle-groups"] as const,
  /** A page of the plans the start page offers (the plans feature keeps its own lists). */
  plans: (page: number) => [...workoutKeys.all, "plans", { page }] as const,
};
