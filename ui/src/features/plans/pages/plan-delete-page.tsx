import { useNavigate } from "react-router";
import { DeleteEntryCard } from "@/components/ui/delete-entry-card";
import { usePlan } from "../api/get-plan";
import { useDeletePlan } from "../api/save-plan";
import { usePlanId } from "../model/use-plan-id";

/** PlanDeletePage is /plan/delete/:id: the plan's name and notes, Cancel and Confirm Delete. */
export function PlanDeletePage() {
  const navigate = useNavigate();
  const plan = usePlan(usePlanId());
  const deletion = useDeletePlan();
  return (
    <DeleteEntryCard
      title="Delete Plan"
      question="Are you sure you want to delete this plan and its exercises?"
      entry={plan}
      facts={(p) => [
        { label: "Plan", value: p.name },
        ...(p.notes ? [{ label: "Notes", value: p.notes }] : []),
        { label: "Exercises", value: String(p.exercises.length) },
        // Those who bought the plan or were given it keep a copy of their own (issue #29).
        ...(p.published || p.sharedPlans.length > 0
          ? [{ label: "Buyers and clients", value: "Each keeps their own copy of the plan as it stands" }]
          : []),
      ]}
      back={(p) => `/plan/${p.id}/view`}
      deletion={deletion}
      onConfirm={(p) => deletion.mutate(p.id, { onSuccess: () => void navigate("/plan") })}
    />
  );
}
