/** planKeys are the query keys of plans and their exercises. */
export const planKeys = {
  all: ["plans"] as const,
  lists: () => [...planKeys.all, "list"] as const,
  list: (page: number, user: string) => [...planKeys.lists(), { page, user }] as const,
  grid: (user: string) => [...planKeys.lists(), "all", { user }] as const,
  details: () => [...planKeys.all, "detail"] as const,
  detail: (id: string) => [...planKeys.details(), id] as const,
  unusedMuscleGroups: (id: string) => [...planKeys.detail(id), "unused-muscle-groups"] as const,
  exercises: (id: string) => [...planKeys.detail(id), "exercises"] as const,
  exercise: (exerciseId: string) => [...planKeys.all, "exercise", exerciseId] as const,
  clientsWithout: (id: string) => [...planKeys.detail(id), "clients-without"] as const,
};
