import { Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";
import { getRecognisedExercise, useExercises } from "../api/get-exercises";
import type { ExerciseDetail } from "../api/types";
import { closestNames } from "../model/filter-names";
import { SuggestionBadges } from "./suggestion-badges";

/** ExerciseName is the name box of a Select page and what picking an exercise does. */
export interface ExerciseName {
  name: string;
  setName: (name: string) => void;
  error: string | undefined;
  /** pick goes to log sets of exercise, or asks for a name when it is blank. */
  pick: (exercise: string) => void;
  /** submit is Next with the typed name: a name no exercise has asks first (`asking`). */
  submit: () => void;
  /** A typed name no exercise has, to create as a custom exercise once confirmed. */
  asking: { name: string; closest: string[] } | null;
  /** Next is waiting (2 s at most) for the server's recognition of a name before asking. */
  checking: boolean;
}

/**
 * useExerciseName holds a Select page's name box; picking an exercise (a suggestion, or Next with
 * the typed name) goes to addTo with the name trimmed. Next with a name that neither the
 * catalogue nor the user's own exercises have asks "Create a custom exercise 'X'?" and offers
 * the catalogue's closest names of the page's kind (cardio or not) instead, first the one an
 * import would recognise the name as: "Bench Press" is most likely Barbell Bench Press, whose
 * muscle groups, bests and charts a new name would miss.
 * Before the catalogue has loaded (offline with nothing kept) the name goes on as typed.
 */
export function useExerciseName(addTo: (exercise: string) => string, kind: "strength" | "cardio" = "strength"): ExerciseName {
  const navigate = useNavigate();
  const exercises = useExercises();
  const [name, setNameState] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [asking, setAsking] = useState<ExerciseName["asking"]>(null);
  const [checking, setChecking] = useState(false);
  // Counts the questions asked: typing again forgets one still being asked.
  const question = useRef(0);
  const setName = (next: string) => {
    setNameState(next);
    setAsking(null);
    setChecking(false);
    question.current++;
  };
  const pick = (exercise: string) => {
    const trimmed = exercise.trim();
    if (trimmed === "") {
      setError("Please enter an exercise name");
      return;
    }
    void navigate(addTo(trimmed));
  };
  const submit = () => {
    const trimmed = name.trim();
    const known = exercises.data;
    if (trimmed === "" || known === undefined || known.some((e) => sameName(e.name, trimmed))) {
      pick(trimmed);
      return;
    }
    const catalogue = known.filter((e: ExerciseDetail) => !e.custom && e.cardio === (kind === "cardio")).map((e) => e.name);
    const closest = closestNames(catalogue, trimmed, 3);
    const asked = ++question.current;
    setChecking(true);
    // The name as an import would recognise it comes first (the server's rules, which know the
    // names other apps use); offline, or slow, the closest names alone.
    void getRecognisedExercise(trimmed)
      .catch(() => null)
      .then((recognised) => {
        if (asked !== question.current) return;
        setChecking(false);
        const first = recognised !== null && catalogue.includes(recognised) ? [recognised] : [];
        setAsking({ name: trimmed, closest: [...first, ...closest.filter((n) => !first.includes(n))].slice(0, 3) });
      });
  };
  return { name, setName, error, pick, submit, asking, checking };
}

function sameName(a: string, b: string): boolean {
  const key = (s: string) => s.trim().split(/\s+/).join(" ").toLowerCase();
  return key(a) === key(b);
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
  const { name, setName, error, pick, submit, asking, checking } = exerciseName;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
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
            <Button type="submit" colorPalette="brand" size="lg" loading={checking} loadingText="Checking…">
              Next
            </Button>
          </HStack>
          {asking && (
            <Stack gap="3" role="group" aria-label="New exercise" borderWidth="1px" borderColor="border.emphasized" rounded="md" p="4">
              <Text fontWeight="medium">Create a custom exercise &lsquo;{asking.name}&rsquo;?</Text>
              <HStack gap="2" wrap="wrap">
                <Button type="button" colorPalette="brand" onClick={() => pick(asking.name)}>
                  Create &lsquo;{asking.name}&rsquo;
                </Button>
              </HStack>
              {asking.closest.length > 0 && (
                <Stack gap="2">
                  <Text>Or one of the catalogue&rsquo;s, whose bests and charts you keep:</Text>
                  <SuggestionBadges names={asking.closest} onPick={pick} />
                </Stack>
              )}
            </Stack>
          )}
          {children}
        </Stack>
      </form>
    </FormCard>
  );
}
