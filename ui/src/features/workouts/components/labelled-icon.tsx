import { Box, type BoxProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** LabelledIcon is an icon that means something (done, personal best), named for screen readers. */
export function LabelledIcon({ label, children, ...props }: BoxProps & { label: string; children: ReactNode }) {
  return (
    <Box as="span" role="img" aria-label={label} display="inline-flex" verticalAlign="middle" {...props}>
      {children}
    </Box>
  );
}
