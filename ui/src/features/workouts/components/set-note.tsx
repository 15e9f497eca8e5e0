import { Box, Text } from "@chakra-ui/react";

interface SetNoteProps {
  note: string;
  /** One line, cut with an ellipsis (the whole note in its title), where a list has no room for more. */
  oneLine?: boolean;
}

/**
 * SetNote is what the lifter wrote about a set ("seat at 4"), as small muted text under the set.
 * In full its lines are kept and a long word wraps anywhere, so a note never widens a 375 px
 * table. A screen reader hears "Note:" before it.
 */
export function SetNote({ note, oneLine = false }: SetNoteProps) {
  const shape = oneLine ? { truncate: true, title: note } : { whiteSpace: "pre-wrap", overflowWrap: "anywhere" };
  return (
    <Box color="fg.muted" fontSize="sm">
      <Text srOnly>Note:</Text>
      <Text {...shape}>{note}</Text>
    </Box>
  );
}
