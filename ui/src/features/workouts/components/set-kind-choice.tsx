import { SegmentGroup, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import type { SetKind } from "../api/types";
import { isSetKind, setKindNames } from "../model/set-kind";

// The segment group's value of a normal set: its own kind, "", is no value a radio can carry.
const normal = "normal";

interface SetKindChoiceProps {
  value: SetKind;
  onChange: (kind: SetKind) => void;
  /** The server's message about the kind; shown under the choice, which is then marked invalid. */
  error?: string | undefined;
}

/**
 * SetKindChoice is a strength set's Set type: Normal, Warm-up, Drop or Failure. It is a radio group
 * of four segments in one row, wide enough on a 375 px phone and 44 px tall for a thumb; the arrow
 * keys move between them.
 */
export function SetKindChoice({ value, onChange, error }: SetKindChoiceProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <Stack gap="2">
      <Text id={labelId} fontWeight="medium">
        Set type
      </Text>
      <SegmentGroup.Root
        ids={{ label: labelId }}
        name="kind"
        value={value || normal}
        onValueChange={(details) => {
          const kind = details.value === normal ? "" : details.value;
          if (kind !== null && isSetKind(kind)) onChange(kind);
        }}
        invalid={error !== undefined}
        aria-describedby={error !== undefined ? errorId : undefined}
        w="full"
        minW="0"
      >
        <SegmentGroup.Indicator />
        {Object.entries(setKindNames).map(([kind, { choice }]) => (
          <SegmentGroup.Item key={kind} value={kind || normal} flex="1" h="11" px="2">
            <SegmentGroup.ItemText>{choice}</SegmentGroup.ItemText>
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </SegmentGroup.Root>
      {error !== undefined && (
        <Text id={errorId} color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}
