import { Separator } from "@chakra-ui/react";
import { useExercises } from "../api/get-exercises";
import { filterNames } from "../model/filter-names";
import { RecentSuggestions } from "./recent-suggestions";
import { SuggestionBadges } from "./suggestion-badges";

/**
 * CardioSuggestions are the choices of Select Cardio (a workout's or a plan's): the name box
 * filters them (case-insensitive substring), the user's recent cardio first, then built-ins, then
 * the user's own after a divider.
 */
export function CardioSuggestions({ name, onPick }: { name: string; onPick: (name: string) => void }) {
  const exercises = useExercises();
  const cardio = (exercises.data ?? []).filter((e) => e.cardio);
  const builtIns = filterNames(cardio.filter((e) => !e.custom).map((e) => e.name), name);
  const custom = filterNames(cardio.filter((e) => e.custom).map((e) => e.name), name);
  return (
    <>
      <RecentSuggestions cardio name={name} onPick={onPick} />
      <SuggestionBadges names={builtIns} onPick={onPick} />
      {custom.length > 0 && (
        <>
          <Separator />
          <SuggestionBadges names={custom} onPick={onPick} />
        </>
      )}
    </>
  );
}
