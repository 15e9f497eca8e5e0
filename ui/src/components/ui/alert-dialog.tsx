import { Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface AlertDialogProps {
  title: string;
  onClose: () => void;
  /** What the question says, and its answers. */
  children: ReactNode;
  footer: ReactNode;
}

/** AlertDialog asks to confirm something that removes or ends data; closing it answers no. */
export function AlertDialog({ title, onClose, children, footer }: AlertDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
