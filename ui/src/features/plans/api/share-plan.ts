import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Collection } from "@/features/workouts";
import { notify } from "@/components/ui/notify";
import { ApiError, apiFetch } from "@/lib/api-client";
import { planKeys } from "./plan-keys";
import type { ClientWithoutPlan } from "./types";

/**
 * getClientsWithoutPlan loads the trainer's clients who do not have the plan yet. Until the
 * server knows trainers' clients it answers 404: that reads as no clients.
 */
export async function getClientsWithoutPlan(id: string, signal?: AbortSignal): Promise<ClientWithoutPlan[]> {
  try {
    const answer = await apiFetch<Collection<ClientWithoutPlan>>(`/api/plans/${encodeURIComponent(id)}/clients-without`, {
      signal,
    });
    return answer["hydra:member"];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** useClientsWithoutPlan gives the share dropdown's clients. */
export function useClientsWithoutPlan(id: string) {
  return useQuery({ queryKey: planKeys.clientsWithout(id), queryFn: ({ signal }) => getClientsWithoutPlan(id, signal) });
}

/** sharePlan gives the plan to one of the trainer's clients. */
export function sharePlan(id: string, clientId: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/plans/${encodeURIComponent(id)}/share`, { method: "POST", body: { clientId } });
}

/** useSharePlan shares a plan; the plan, its clients and the lists are read again. */
export function useSharePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => sharePlan(id, clientId),
    onSuccess: () => {
      notify("Plan shared.");
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: planKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: planKeys.lists() }),
      ]);
    },
  });
}

/** setPlanTarget sets how many times a week the plan is meant to be done, sent as typed (the server checks it). */
export function setPlanTarget(id: string, timesAWeek: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/plans/${encodeURIComponent(id)}/target`, { method: "PUT", body: { timesAWeek } });
}

/** useSetPlanTarget sets a plan's weekly target; the plan and the client lists are read again. */
export function useSetPlanTarget(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timesAWeek: string) => setPlanTarget(id, timesAWeek),
    onSuccess: () => {
      notify("Weekly target saved.");
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: planKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: ["coaching"] }),
      ]);
    },
  });
}
