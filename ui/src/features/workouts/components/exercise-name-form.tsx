import { Box, Button, HStack, Input, Stack } from "@chakra-ui/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";

/** ExerciseName is the name box of a Select page and what picking an exercise does. */
export interface ExerciseName {
  name: string;
  setName: (name: string) => void;
  error: string | undefined;
  /** pick goes to log sets of exercise, or asks for a name when it is blank. */
  pick: (exercise: string) => void;
}

/**
 * useExerciseName holds a Select page's name box; picking an exercise (a suggestion, or Next with
 * the typed name) goes to addTo with the name trimmed.
 */
export function useExerciseName(addTo: (exercise: string) => string): ExerciseName {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const pick = (exercise: string) => {
    const trimmed = exercise.trim();
    if (trimmed === "") {
      setError("Please enter an exercise name");
      return;
    }
    void navigate(addTo(trimmed));
  };
  return { name, setName, error, pick };
}

interface ExerciseNameFormProps {
  title: string;
  /** Where the Exercise Type link leads (the category choice of a workout or a plan). */
  backTo: string;
  exerciseName: ExerciseName;
  /** The suggestions under the name box. */
  children: ReactNode;
}

/**
 * ExerciseNameForm is the frame of Select Exercise and Select Cardio: the name box, a link back to
 * Exercise Type and Next, then the page's suggestions.
 */
export function ExerciseNameForm({ title, backTo, exerciseName, children }: ExerciseNameFormProps) {
  const { name, setName, error, pick } = exerciseName;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    pick(name);
  };
  return (
    <FormCard title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <FormField label="Exercise name" error={error}>
            <Input size="lg" autoComplete="off" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          </FormField>
          <HStack gap="2">
            <AppLink to={backTo}>Exercise Type</AppLink>
            <Box flex="1" />
            <Button type="submit" colorPalette="brand" size="lg">
              Next
            </Button>
          </HStack>
          {children}
        </Stack>
      </form>
    </FormCard>
  );
}
