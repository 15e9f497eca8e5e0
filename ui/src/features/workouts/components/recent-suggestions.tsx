import { Separator, Stack, Text } from "@chakra-ui/react";
import { useRecentExercises } from "../api/get-exercises";
import { filterNames } from "../model/filter-names";
import { SuggestionBadges } from "./suggestion-badges";

/**
 * RecentSuggestions are a picker's first choices: the exercises of the kind (strength or cardio)
 * the user logged most recently ("Recent"), then the others they logged most often ("Most
 * used"), narrowed by what is typed in the name box. Nothing shows until the user has logged one
 * (or when they cannot be read: the catalogue below still offers all).
 */
export function RecentSuggestions({ cardio, name, onPick }: { cardio: boolean; name: string; onPick: (name: string) => void }) {
  const used = (useRecentExercises().data ?? []).filter((e) => e.cardio === cardio);
  const recent = filterNames(used.filter((e) => e.recent).map((e) => e.name), name);
  const mostUsed = filterNames(used.filter((e) => !e.recent).map((e) => e.name), name);
  if (recent.length === 0 && mostUsed.length === 0) return null;
  return (
    <>
      {recent.length > 0 && (
        <Stack gap="2" as="section" aria-label="Recent">
          <Text fontWeight="semibold">Recent</Text>
          <SuggestionBadges names={recent} onPick={onPick} />
        </Stack>
      )}
      {mostUsed.length > 0 && (
        <Stack gap="2" as="section" aria-label="Most used">
          <Text fontWeight="semibold">Most used</Text>
          <SuggestionBadges names={mostUsed} onPick={onPick} />
        </Stack>
      )}
      <Separator />
    </>
  );
}
