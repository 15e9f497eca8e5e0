import { Center, Spinner } from "@chakra-ui/react";

/** PageSpinner fills the page body while its data or code loads. */
export function PageSpinner() {
  return (
    <Center py="16" role="status" aria-label="Loading">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
