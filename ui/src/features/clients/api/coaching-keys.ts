/** coachingKeys are the query keys of the trainer's client list and the client's trainer list. */
export const coachingKeys = {
  all: ["coaching"] as const,
  clientLists: () => [...coachingKeys.all, "clients"] as const,
  clientList: (page: number) => [...coachingKeys.clientLists(), { page }] as const,
  trainerLists: () => [...coachingKeys.all, "trainers"] as const,
  trainerList: (page: number) => [...coachingKeys.trainerLists(), { page }] as const,
};
