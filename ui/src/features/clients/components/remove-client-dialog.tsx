import { Button, Stack, Text } from "@chakra-ui/react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { describeError } from "@/lib/error-messages";
import { useRemoveClient } from "../api/remove-client";
import type { ClientRelationship } from "../api/types";

interface RemoveClientDialogProps {
  /** The client to remove. */
  client: ClientRelationship;
  onClose: () => void;
}

/**
 * RemoveClientDialog asks the trainer to confirm ending a relationship, then ends it. The list
 * mounts it only while it asks, so a new question starts with no earlier failure shown.
 */
export function RemoveClientDialog({ client, onClose }: RemoveClientDialogProps) {
  const removal = useRemoveClient();
  return (
    <AlertDialog
      title="Remove client"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" size="lg" loading={removal.isPending} onClick={() => removal.mutate(client.id, { onSuccess: onClose })}>
            Remove
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>
          Remove {client.clientDisplayName}? You will no longer see their plans, workouts and progress. To coach them
          again, send a new request.
        </Text>
        {removal.isError && <ErrorAlert message={describeError(removal.error).message} />}
      </Stack>
    </AlertDialog>
  );
}
