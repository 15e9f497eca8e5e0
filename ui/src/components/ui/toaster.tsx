import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";

/**
 * toaster confirms what was just saved or deleted ("Plan saved."), at the top of the screen,
 * where it covers no form's buttons on a phone, for a few seconds. A toast is a polite live
 * region: a screen reader reads it without moving the focus.
 */
export const toaster = createToaster({ placement: "top-end", duration: 4000, pauseOnPageIdle: true, max: 3 });

/** notifyDone shows a success toast saying title. */
export function notifyDone(title: string) {
  toaster.create({ title, type: "success" });
}

/** Toaster renders the toasts; the app renders it once, beside the router. */
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
            <Toast.CloseTrigger aria-label="Close" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
