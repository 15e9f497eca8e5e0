import { Box, Button, HStack, Input, Separator, Stack } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";
import { useExercises } from "../api/get-exercises";
import { SuggestionBadges } from "../components/suggestion-badges";
import { filterNames } from "../model/filter-names";
import { useWorkoutId } from "../model/use-workout-id";

/**
 * CardioSelectPage picks a cardio exercise: the name box filters the suggestions (case-insensitive
 * substring), built-ins first, then the user's own after a divider.
 */
export function CardioSelectPage() {
  const id = useWorkoutId();
  const navigate = useNavigate();
  const exercises = useExercises();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const cardio = (exercises.data ?? []).filter((e) => e.cardio);
  const builtIns = filterNames(cardio.filter((e) => !e.custom).map((e) => e.name), name);
  const custom = filterNames(cardio.filter((e) => e.custom).map((e) => e.name), name);

  const go = (exercise: string) => {
    const trimmed = exercise.trim();
    if (trimmed === "") {
      setError("Please enter an exercise name");
      return;
    }
    void navigate(`/workouts/${id}/cardio/add/${encodeURIComponent(trimmed)}`);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(name);
  };

  return (
    <FormCard title="Select Cardio">
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
          <SuggestionBadges names={builtIns} onPick={go} />
          {custom.length > 0 && (
            <>
              <Separator />
              <SuggestionBadges names={custom} onPick={go} />
            </>
          )}
        </Stack>
      </form>
    </FormCard>
  );
}
