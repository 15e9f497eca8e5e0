import { Button, Wrap } from "@chakra-ui/react";

interface SuggestionBadgesProps {
  names: string[];
  onPick: (name: string) => void;
}

/**
 * SuggestionBadges are tappable exercise names; a tap fills the name and goes on. A custom name
 * can be long (up to 100 characters), so a badge wraps its text inside the card.
 */
export function SuggestionBadges({ names, onPick }: SuggestionBadgesProps) {
  return (
    <Wrap gap="2">
      {names.map((name) => (
        <Button
          key={name}
          size="sm"
          minH="10"
          h="auto"
          maxW="full"
          py="2"
          whiteSpace="normal"
          overflowWrap="anywhere"
          textAlign="start"
          variant="subtle"
          colorPalette="brand"
          rounded="full"
          onClick={() => onPick(name)}
        >
          {name}
        </Button>
      ))}
    </Wrap>
  );
}
