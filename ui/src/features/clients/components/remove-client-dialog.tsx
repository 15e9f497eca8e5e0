import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
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
    <Dialog.Root role="alertdialog" open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Remove client</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  Remove {client.clientDisplayName}? You will no longer see their plans, workouts and progress. To
                  coach them again, send a new request.
                </Text>
                {removal.isError && <ErrorAlert message={describeError(removal.error).message} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="lg" onClick={onClose}>
                Cancel
              </Button>
              <Button
                colorPalette="red"
                size="lg"
                loading={removal.isPending}
                onClick={() => removal.mutate(client.id, { onSuccess: onClose })}
              >
                Remove
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
