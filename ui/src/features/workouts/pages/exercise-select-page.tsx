import { Box, Button, HStack, Input, NativeSelect, Separator, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";
import { useExercises, useMuscleGroups } from "../api/get-exercises";
import type { Category, ExerciseDetail, MuscleGroup } from "../api/types";
import { SuggestionBadges } from "../components/suggestion-badges";
import { filterNames } from "../model/filter-names";
import { useWorkoutId } from "../model/use-workout-id";

const categories: Category[] = ["free-weights", "machine-weights", "bodyweight"];

/**
 * ExerciseSelectPage is Select Exercise: a name box, the catalogue's suggestions for the category
 * in Upper body and Lower/full body columns (each with a Muscle Group Filter), then the user's
 * custom exercises after a divider and those whose muscle groups are not yet set. Typing in the
 * name box narrows every list, as on the cardio picker.
 */
export function ExerciseSelectPage() {
  const id = useWorkoutId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("category");
  const category: Category = categories.find((c) => c === requested) ?? "free-weights";
  const exercises = useExercises();
  const muscleGroups = useMuscleGroups();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();

  const go = (exercise: string) => {
    const trimmed = exercise.trim();
    if (trimmed === "") {
      setError("Please enter an exercise name");
      return;
    }
    void navigate(`/workouts/${id}/exercises/add/${encodeURIComponent(trimmed)}?category=${category}`);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(name);
  };

  const typed = new Set(filterNames((exercises.data ?? []).map((e) => e.name), name));
  const all = (exercises.data ?? []).filter((e) => !e.cardio && typed.has(e.name));
  const builtIns = all.filter((e) => !e.custom && e.categoryKey === category);
  const custom = all.filter((e) => e.custom && !e.unknown);
  const unknown = all.filter((e) => e.custom && e.unknown);
  const groups = muscleGroups.data ?? [];

  return (
    <FormCard title="Select Exercise">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <FormField label="Exercise name" error={error}>
            <Input size="lg" autoComplete="off" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          </FormField>
          <HStack gap="2">
            <AppLink to={`/workouts/exercises/new/${id}`}>Exercise Type</AppLink>
            <Box flex="1" />
            <Button type="submit" colorPalette="brand" size="lg">
              Next
            </Button>
          </HStack>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <SuggestionColumn
              title="Upper body"
              exercises={builtIns.filter((e) => e.upper)}
              groups={groups.filter((g) => g.category === "Upper body")}
              onPick={go}
            />
            <SuggestionColumn
              title="Lower/full body"
              exercises={builtIns.filter((e) => e.lower)}
              groups={groups.filter((g) => g.category === "Lower body")}
              onPick={go}
            />
          </SimpleGrid>
          {(custom.length > 0 || unknown.length > 0) && <Separator />}
          {custom.length > 0 && (
            <Stack gap="2">
              <Text fontWeight="medium">Custom exercises</Text>
              <SuggestionBadges names={custom.map((e) => e.name)} onPick={go} />
            </Stack>
          )}
          {unknown.length > 0 && (
            <Stack gap="2">
              <Text fontWeight="medium">Muscle groups not yet set</Text>
              <SuggestionBadges names={unknown.map((e) => e.name)} onPick={go} />
            </Stack>
          )}
        </Stack>
      </form>
    </FormCard>
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
