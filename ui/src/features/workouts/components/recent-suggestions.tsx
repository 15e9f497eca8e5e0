import { Separator, Stack, Text } from "@chakra-ui/react";
import { useRecentExercises } from "../api/get-exercises";
import { filterNames } from "../model/filter-names";
import { SuggestionBadges } from "./suggestion-badges";

/**
 * RecentSuggestions are a picker's first choices: the exercises of the kind (strength or cardio)
 * the user logged most recently, narrowed by what is typed in the name box. Nothing shows until
 * the user has logged one (or when they cannot be read: the catalogue below still offers all).
 */
export function RecentSuggestions({ cardio, name, onPick }: { cardio: boolean; name: string; onPick: (name: string) => void }) {
  const recent = useRecentExercises();
  const names = filterNames((recent.data ?? []).filter((e) => e.cardio === cardio).map((e) => e.name), name);
  if (names.length === 0) return null;
  return (
    <Stack gap="2" as="section" aria-label="Recent">
      <Text fontWeight="semibold">Recent</Text>
      <SuggestionBadges names={names} onPick={onPick} />
      <Separator />
    </Stack>
  );
}
