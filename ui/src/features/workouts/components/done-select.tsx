import { NativeSelect } from "@chakra-ui/react";
import { rpeTooltip, rpeValues } from "../model/rpe";

interface DoneSelectProps {
  label: string;
  onDone: (rpe: number) => void;
  disabled?: boolean;
}

/** DoneSelect is the Done column's dropdown: choosing an RPE from 1 to 10 marks the set done. */
export function DoneSelect({ label, onDone, disabled }: DoneSelectProps) {
  return (
    <NativeSelect.Root size="lg" width="auto" minW="20" disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value=""
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
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
