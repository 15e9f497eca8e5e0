import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface DocumentPageProps {
  title: string;
  /** A line under the title, such as when the document took effect. */
  subtitle?: string;
  children: ReactNode;
}

/** DocumentPage frames a static text page (terms, privacy, contact) at a readable width. */
export function DocumentPage({ title, subtitle, children }: DocumentPageProps) {
  return (
    <Stack as="article" gap="5" maxW="3xl" mx="auto" lineHeight="tall">
      <Stack gap="1">
        <Heading as="h1" size="3xl">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}

/** DocumentSection is one headed part of a static text page. */
export function DocumentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
