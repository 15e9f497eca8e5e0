import { NativeSelect } from "@chakra-ui/react";
import { rpeTooltip, rpeValues } from "../model/rpe";

interface DoneSelectProps {
  label: string;
  onDone: (rpe: number) => void;
  disabled?: boolean;
}

/**
 * DoneSelect is the Done column's dropdown: choosing an RPE from 1 to 10 marks the set done.
 * The trigger is only as wide as "Done?" (the options open in the phone's own picker), and
 * 40 px tall for a thumb.
 */
export function DoneSelect({ label, onDone, disabled }: DoneSelectProps) {
  return (
    <NativeSelect.Root size="md" w="20" disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value=""
        ps="2"
        pe="6"
        onChange={(event) => {
          const rpe = Number(event.currentTarget.value);
          if (rpe >= 1 && rpe <= 10) onDone(rpe);
        }}
      >
        <option value="">Done?</option>
        {rpeValues.map((rpe) => (
          <option key={rpe} value={rpe}>
            {rpeTooltip(rpe)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator insetEnd="1" />
    </NativeSelect.Root>
  );
}
