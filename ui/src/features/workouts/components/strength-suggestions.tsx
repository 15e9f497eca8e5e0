import { NativeSelect, Separator, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useExercises, useMuscleGroups } from "../api/get-exercises";
import type { Category, ExerciseDetail, MuscleGroup } from "../api/types";
import { filterNames } from "../model/filter-names";
import { RecentSuggestions } from "./recent-suggestions";
import { SuggestionBadges } from "./suggestion-badges";

interface StrengthSuggestionsProps {
  category: Category;
  /** What is typed in the name box; it narrows every list. */
  name: string;
  onPick: (name: string) => void;
}

/**
 * StrengthSuggestions are the choices of Select Exercise (a workout's or a plan's): the user's
 * recent exercises first, then the catalogue's exercises of the category in Upper body and Lower/full body columns (each with a
 * Muscle Group Filter), then the user's custom exercises after a divider and those whose muscle
 * groups are not yet set.
 */
export function StrengthSuggestions({ category, name, onPick }: StrengthSuggestionsProps) {
  const exercises = useExercises();
  const muscleGroups = useMuscleGroups();
  const typed = new Set(filterNames((exercises.data ?? []).map((e) => e.name), name));
  const all = (exercises.data ?? []).filter((e) => !e.cardio && typed.has(e.name));
  const builtIns = all.filter((e) => !e.custom && e.categoryKey === category);
  const custom = all.filter((e) => e.custom && !e.unknown);
  const unknown = all.filter((e) => e.custom && e.unknown);
  const groups = muscleGroups.data ?? [];

  return (
    <>
      <RecentSuggestions cardio={false} name={name} onPick={onPick} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <SuggestionColumn
          title="Upper body"
          exercises={builtIns.filter((e) => e.upper)}
          groups={groups.filter((g) => g.category === "Upper body")}
          onPick={onPick}
        />
        <SuggestionColumn
          title="Lower/full body"
          exercises={builtIns.filter((e) => e.lower)}
          groups={groups.filter((g) => g.category === "Lower body")}
          onPick={onPick}
        />
      </SimpleGrid>
      {(custom.length > 0 || unknown.length > 0) && <Separator />}
      {custom.length > 0 && (
        <Stack gap="2">
          <Text fontWeight="medium">Custom exercises</Text>
          <SuggestionBadges names={custom.map((e) => e.name)} onPick={onPick} />
        </Stack>
      )}
      {unknown.length > 0 && (
        <Stack gap="2">
          <Text fontWeight="medium">Muscle groups not yet set</Text>
          <SuggestionBadges names={unknown.map((e) => e.name)} onPick={onPick} />
        </Stack>
      )}
    </>
  );
}

interface SuggestionColumnProps {
  title: string;
  exercises: ExerciseDetail[];
  groups: MuscleGroup[];
  onPick: (name: string) => void;
}

function SuggestionColumn({ title, exercises, groups, onPick }: SuggestionColumnProps) {
  const [filter, setFilter] = useState("");
  const shown = filter === "" ? exercises : exercises.filter((e) => e.muscleGroupIds.includes(Number(filter)));
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Text fontWeight="semibold">{title}</Text>
      <NativeSelect.Root size="md">
        <NativeSelect.Field aria-label={`${title} Muscle Group Filter`} value={filter} onChange={(event) => setFilter(event.currentTarget.value)}>
          <option value="">All</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <SuggestionBadges names={shown.map((e) => e.name)} onPick={onPick} />
    </Stack>
  );
}
