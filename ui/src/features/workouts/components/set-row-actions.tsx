import { HStack, IconButton } from "@chakra-ui/react";
import { FaPen, FaTrash } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";

interface SetRowActionsProps {
  editTo: string;
  deleteTo: string;
  /** Names the set in the buttons' labels, e.g. "Bench Press set 2". */
  label: string;
}

/** SetRowActions are the Options column's edit and delete buttons, large enough for a thumb. */
export function SetRowActions({ editTo, deleteTo, label }: SetRowActionsProps) {
  return (
    <HStack gap="0" justify="end">
      <IconButton asChild variant="ghost" size="md" aria-label={`Edit ${label}`}>
        <RouterLink to={editTo}>
          <FaPen />
        </RouterLink>
      </IconButton>
      <IconButton asChild variant="ghost" colorPalette="red" size="md" aria-label={`Delete ${label}`}>
        <RouterLink to={deleteTo}>
          <FaTrash />
        </RouterLink>
      </IconButton>
    </HStack>
  );
}
