import { useNavigate, useParams } from "react-router";
import { DeleteEntryCard } from "@/components/ui/delete-entry-card";
import { useDeletePlanExercise, usePlanExercise } from "../api/plan-exercises";
import { setCountText } from "../model/set-count";

/** ExerciseDeletePage is /plan/:id/exercises/delete/:exercise: the name and how many sets, then Confirm Delete. */
export function ExerciseDeletePage() {
  const { id = "", exercise = "" } = useParams();
  const navigate = useNavigate();
  const planExercise = usePlanExercise(exercise);
  const deletion = useDeletePlanExercise(id);
  const viewTo = `/plan/${id}/view`;
  return (
    <DeleteEntryCard
      title="Delete Exercise"
      question="Are you sure you want to remove this exercise from the plan?"
      entry={planExercise}
      facts={(x) => [
        { label: "Exercise", value: x.name },
        { label: "Targets", value: setCountText(x.setCount) },
      ]}
      back={() => viewTo}
      deletion={deletion}
      onConfirm={(x) => deletion.mutate(x.id, { onSuccess: () => void navigate(viewTo) })}
    />
  );
}
