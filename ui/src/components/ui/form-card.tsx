import { Card, Heading } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface FormCardProps {
  title: string;
  children: ReactNode;
}

/** FormCard frames a single form page (sign-in, log weight ...) with its heading. */
export function FormCard({ title, children }: FormCardProps) {
  return (
    <Card.Root maxW="lg" mx="auto" w="full" variant="outline">
      <Card.Header>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
