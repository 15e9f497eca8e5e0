import { useNavigate, useParams } from "react-router";
import { DeleteEntryCard } from "@/components/ui/delete-entry-card";
import { formatNumber } from "@/lib/format";
import { useDeleteSize } from "../api/delete-size";
import { useSize } from "../api/get-size";

/** SizeDeletePage asks to confirm deleting one measurement, showing its category, cm and date. */
export function SizeDeletePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const deletion = useDeleteSize();
  return (
    <DeleteEntryCard
      title="Delete Measurement"
      question="Delete this measurement from your log?"
      entry={useSize(id)}
      facts={(size) => [
        { label: "Category", value: size.category },
        { label: "Measurement", value: `${formatNumber(size.measurement)} cm` },
        { label: "Date", value: size.dateMeasuredShortDate },
      ]}
      back={(size) => `/size/list/${size.category}`}
      deletion={deletion}
      onConfirm={(size) =>
        deletion.mutate({ id, category: size.category }, { onSuccess: () => navigate(`/size/list/${size.category}`) })
      }
    />
  );
}
