import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";

/** toaster holds the toasts shown: one after every save and delete (notify). */
export const toaster = createToaster({ placement: "bottom", pauseOnPageIdle: true, max: 3 });

/**
 * Toaster shows the toasts, at the foot of the screen (above the thumb on a phone), each read
 * out by screen readers (a status region) and closed by a tap or after a few seconds.
 */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
