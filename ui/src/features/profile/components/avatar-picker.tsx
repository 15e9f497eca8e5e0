import { chakra, Fieldset, SimpleGrid, VisuallyHidden } from "@chakra-ui/react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { AvatarIcon } from "@/components/ui/avatar-icon";
import { avatarOptions } from "./avatars";

/**
 * AvatarPicker offers the ten avatars as radio buttons that show only their icon; each keeps its
 * label for screen readers.
 */
export function AvatarPicker({ field }: { field: UseFormRegisterReturn }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Avatar</Fieldset.Legend>
      <SimpleGrid columns={5} gap="2" maxW="sm">
        {avatarOptions.map(({ icon, label }) => (
          <chakra.label
            key={icon}
            display="flex"
            alignItems="center"
            justifyContent="center"
            minH="12"
            fontSize="xl"
            borderWidth="2px"
            rounded="md"
            cursor="pointer"
            css={{
              "&:has(input:checked)": { borderColor: "brand.solid", bg: "brand.subtle", color: "brand.fg" },
              "&:has(input:focus-visible)": { outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" },
            }}
          >
            <VisuallyHidden asChild>
              <input type="radio" value={icon} {...field} />
            </VisuallyHidden>
            <AvatarIcon icon={icon} />
            <VisuallyHidden>{label}</VisuallyHidden>
          </chakra.label>
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  );
}
