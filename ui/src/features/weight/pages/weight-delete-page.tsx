import { useNavigate, useParams } from "react-router";
import { DeleteEntryCard } from "@/components/ui/delete-entry-card";
import { formatNumber } from "@/lib/format";
import { useDeleteWeight } from "../api/delete-weight";
import { useWeight } from "../api/get-weight";

/** WeightDeletePage asks to confirm deleting one weight entry, showing its weight and date. */
export function WeightDeletePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const deletion = useDeleteWeight();
  return (
    <DeleteEntryCard
      title="Delete Weight"
      question="Delete this weight from your log?"
      entry={useWeight(id)}
      facts={(weight) => [
        { label: "Weight", value: `${formatNumber(weight.weight)} ${weight.unit}` },
        { label: "Date", value: weight.dateWeighedShortDate },
      ]}
      back={() => "/weight/list"}
      deletion={deletion}
      onConfirm={() => deletion.mutate(id, { onSuccess: () => navigate("/weight/list") })}
    />
  );
}
