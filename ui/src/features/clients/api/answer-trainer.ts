import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys } from "@/features/account";
import { apiFetch } from "@/lib/api-client";
import { coachingKeys } from "./coaching-keys";
import type { RelationshipStatus } from "./types";

/** TrainerAnswer is the client's answer to a trainer's request. */
export interface TrainerAnswer {
  id: string;
  accept: boolean;
}

/** TrainerStatus is the answer's result: the row's status and how the client now stands. */
export interface TrainerStatus {
  status: RelationshipStatus;
  trainersClient: boolean;
  pendingTrainers: number;
}

/** answerTrainer accepts (Confirmed) or rejects (Rejected) a trainer's request. */
export function answerTrainer({ id, accept }: TrainerAnswer): Promise<TrainerStatus> {
  return apiFetch("/api/trainers/status", { method: "PUT", body: { id, confirmed: accept, rejected: !accept } });
}

/**
 * useAnswerTrainer answers a request. A failure is only logged (spec 2 section 8); either way the
 * list and the signed-in user (the header's Trainer entry and its badge) are fetched again, so
 * the screen shows what the server holds.
 */
export function useAnswerTrainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTrainer,
    onError: (error) => console.error("trainer status update failed", error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coachingKeys.trainerLists() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
      ]),
  });
}
