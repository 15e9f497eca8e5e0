import { Box, Button, Icon, Portal, SimpleGrid, Text, Tooltip } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import { FaRegFaceDizzy, FaRegFaceGrimace, FaRegFaceGrinBeam, FaRegFaceMeh, FaRegFaceSmile, FaRegFaceTired } from "react-icons/fa6";
import { rpeFace, rpePalette, rpeTooltip, rpeValues, type RpeFace } from "../model/rpe";

// SVG faces rather than emoji: a phone or desktop without an emoji font showed empty boxes.
const faceIcons: Record<RpeFace, IconType> = {
  grin: FaRegFaceGrinBeam,
  smile: FaRegFaceSmile,
  neutral: FaRegFaceMeh,
  straining: FaRegFaceGrimace,
  tired: FaRegFaceTired,
  spent: FaRegFaceDizzy,
};

interface RpeScaleProps {
  value: number | null;
  onChange: (rpe: number) => void;
  /** The hint under the scale. */
  hint?: string;
  error?: string | undefined;
}

/**
 * RpeScale is the face scale from 1 to 10: ten large buttons (two rows on a phone) so a sweaty
 * thumb hits the right one, each with the spec's tooltip as its name.
 */
export function RpeScale({ value, onChange, hint, error }: RpeScaleProps) {
  return (
    <Box role="radiogroup" aria-label="RPE" aria-invalid={error !== undefined || undefined}>
      <Text fontWeight="medium" mb="2">
        RPE{value !== null && `: ${value}/10`}
      </Text>
      <SimpleGrid columns={{ base: 5, md: 10 }} gap="2">
        {rpeValues.map((rpe) => {
          const selected = value === rpe;
          const Face = faceIcons[rpeFace(rpe)];
          return (
            <Tooltip.Root key={rpe} openDelay={150} closeDelay={0} positioning={{ placement: "top" }}>
              <Tooltip.Trigger asChild>
                <Button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={rpeTooltip(rpe)}
                  minH="14"
                  px="0"
                  flexDirection="column"
                  gap="0"
                  variant={selected ? "solid" : "outline"}
                  colorPalette={selected ? rpePalette(rpe) : "gray"}
                  onClick={() => onChange(rpe)}
                >
                  <Icon fontSize="xl" aria-hidden>
                    <Face />
                  </Icon>
                  <Box as="span" fontSize="xs">
                    {rpe}
                  </Box>
                </Button>
              </Tooltip.Trigger>
              <Portal>
                <Tooltip.Positioner>
                  <Tooltip.Content>{rpeTooltip(rpe)}</Tooltip.Content>
                </Tooltip.Positioner>
              </Portal>
            </Tooltip.Root>
          );
        })}
      </SimpleGrid>
      {error !== undefined ? (
        <Text color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      ) : (
        hint && (
          <Text color="fg.muted" fontSize="sm" mt="1">
            {hint}
          </Text>
        )
      )}
    </Box>
  );
}
