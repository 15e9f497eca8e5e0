import { Badge } from "@chakra-ui/react";
import type { RelationshipStatus } from "../api/types";

// Spec 2 section 4: Confirmed dark, Rejected red, Requested amber; Invited shows as Requested.
const looks: Record<RelationshipStatus, { label: string; palette: string }> = {
  Confirmed: { label: "Confirmed", palette: "gray" },
  Rejected: { label: "Rejected", palette: "red" },
  Requested: { label: "Requested", palette: "yellow" },
  Invited: { label: "Requested", palette: "yellow" },
};

/** StatusBadge shows where a trainer-client relationship stands, in the spec's colours. */
export function StatusBadge({ status }: { status: RelationshipStatus }) {
  const { label, palette } = looks[status];
  return (
    <Badge colorPalette={palette} variant="solid" size="md" data-status={status}>
      {label}
    </Badge>
  );
}
