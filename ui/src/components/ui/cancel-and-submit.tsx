import { Button, HStack, type StackProps } from "@chakra-ui/react";
import { LinkButton } from "./link";

interface CancelAndSubmitProps {
  /** Where Cancel goes, leaving the form unsaved. */
  cancelTo: string;
  submitLabel: string;
  /** The form is being sent: the submit button spins. */
  loading: boolean;
  gap?: StackProps["gap"];
}

/** CancelAndSubmit are a form's last row: Cancel and the submit button, side by side, equally wide. */
export function CancelAndSubmit({ cancelTo, submitLabel, loading, gap = "3" }: CancelAndSubmitProps) {
  return (
    <HStack gap={gap}>
      <LinkButton to={cancelTo} variant="outline" size="lg" flex="1">
        Cancel
      </LinkButton>
      <Button type="submit" colorPalette="brand" size="lg" flex="1" loading={loading}>
        {submitLabel}
      </Button>
    </HStack>
  );
}
