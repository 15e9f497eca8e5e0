import { Button, Heading, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useSnapshot } from "../api/get-snapshot";
import { useSaveSet, type NewSet } from "../api/log-set";
import type { Category, LoggedSet, SetKind } from "../api/types";
import { KnowBeforeYouLift } from "../components/know-before-you-lift";
import { RestTimer } from "../components/rest-timer";
import { RpeScale } from "../components/rpe-scale";
import { SetFormLoader } from "../components/set-form-loader";
import { SetKindChoice } from "../components/set-kind-choice";
import { SetNoteField } from "../components/set-note-field";
import { categoryFrom } from "../model/category";
import { formatLift, parseDecimal, parseInteger } from "../model/format";
import { startRest, useRest } from "../model/rest";
import { kindOf } from "../model/set-kind";

type Next = "set" | "exercise" | "view";

interface SetValues {
  weight: string;
  reps: string;
  kind: SetKind;
  note: string;
}

// The kind the next set starts with after Save & Next Set: warm-ups come several in a row, so a
// warm-up's next set is a warm-up too; after any other kind it is normal.
function nextKind(kind: SetKind): SetKind {
  return kind === "warmup" ? "warmup" : "";
}

/**
 * SetFormPage is Add / Edit Set. Add mode logs a set and goes on (next set, next exercise or the
 * workout); Save & Next Set does not wait for the server: the set shows in Sets this session at
 * once, several can be on their way together, and a refused one disappears again (alone) with the
 * server's message.
 */
export function SetFormPage({ mode }: { mode: "add" | "edit" }) {
  return (
    <SetFormLoader mode={mode} setParam="set">
      {({ workoutId, exercise, existing, sets }) => (
        <SetForm key={existing?.id ?? exercise} workoutId={workoutId} exercise={exercise} existing={existing} sets={sets} />
      )}
    </SetFormLoader>
  );
}

interface SetFormProps {
  workoutId: string;
  exercise: string;
  existing: LoggedSet | null;
  sets: LoggedSet[];
}

function SetForm({ workoutId, exercise, existing, sets }: SetFormProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: user } = useUser();
  const requested = searchParams.get("category");
  const category: Category =
    existing && existing.category !== "cardio" ? existing.category : categoryFrom(requested);
  const bodyweight = category === "bodyweight";
  const save = useSaveSet(workoutId);
  const previous = useSnapshot(exercise, "previous", workoutId);
  const rest = useRest(workoutId);
  const current = sets.filter((set) => set.exercise.toLowerCase() === exercise.toLowerCase());
  const last = current.at(-1);
  const [rpe, setRpe] = useState<number | null>(existing?.rpe ?? null);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const [notSaved, setNotSaved] = useState<{ message: string; notes: string[] } | null>(null);
  // Refusals so far: a save that waits for the server stays on the form if an earlier set was
  // refused meanwhile, so its reason is seen.
  const refusals = useRef(0);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SetValues>({
    defaultValues: {
      weight: String(existing?.weight ?? last?.weight ?? ""),
      reps: String(existing?.reps ?? last?.reps ?? ""),
      kind: existing ? kindOf(existing) : "",
      note: existing?.note ?? "",
    },
  });
  const setNumber = existing?.setNumber ?? current.length + 1;
  const viewTo = `/workouts/view/${workoutId}`;

  // A refused set's first message per field goes under that field, as for any 422.
  const refuse = (error: unknown) => {
    refusals.current += 1;
    return applyServerErrors(error, setError, ["weight", "reps", "kind", "note"]);
  };
  // Save & Next Set has moved on before the answer came, so the alert names each refused set with
  // the server's reasons and keeps them while later sets are logged.
  const refuseLogged = (label: string) => (error: unknown) => {
    const { message } = refuse(error);
    const reasons = Object.values(describeError(error).fieldErrors);
    const note = reasons.length > 0 ? `${label} was not saved: ${reasons.join(" ")}` : `${label} was not saved.`;
    setNotSaved((shown) => ({ message, notes: [...new Set([...(shown?.notes ?? []), note])] }));
  };

  const submit = (next: Next) =>
    handleSubmit(async (values) => {
      setFailure(null);
      clearErrors();
      const input: NewSet = {
        kind: "strength",
        exercise,
        category,
        weight: bodyweight ? null : parseDecimal(values.weight),
        reps: parseInteger(values.reps),
        rpe,
        setKind: values.kind,
        note: values.note.trim(),
      };
      const variables = { id: existing?.id ?? null, input };
      // The next set starts from this one as saved (60.555 is saved as 60.56), with a note of its own.
      const nextSet = () => {
        setRpe(null);
        reset({ weight: input.weight === null ? "" : String(input.weight), reps: values.reps, kind: nextKind(values.kind), note: "" });
      };
      // Logging a set starts the rest; editing an old one does not.
      if (!existing) startRest(workoutId, exercise);
      if (next === "set" && !existing) {
        const label = `Set ${setNumber} (${formatLift({ weight: input.weight, reps: input.reps, weightUnit: user?.unit ?? null })})`;
        void save.mutateAsync(variables).catch(refuseLogged(label));
        nextSet();
        return;
      }
      const refusedBefore = refusals.current;
      try {
        await save.mutateAsync(variables);
      } catch (error) {
        setFailure(refuse(error));
        return;
      }
      // An earlier set was refused while this one waited its turn: stay, ready for the next set.
      if (refusals.current !== refusedBefore) {
        nextSet();
        return;
      }
      await navigate(next === "exercise" ? `/workouts/exercises/new/${workoutId}` : viewTo);
    });

  return (
    <FormCard title={exercise}>
      <Stack gap="5">
        <HStack justify="space-between">
          <Heading as="h2" size="lg">
            Set {setNumber}
          </Heading>
          {current.length > 0 && rest && <RestTimer since={rest.at} />}
        </HStack>
        {notSaved && <ErrorAlert message={notSaved.message} details={notSaved.notes} />}
        {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
        {/* submit reads a ref, so its handler is made when the event comes, not while rendering. */}
        <form onSubmit={(event) => void submit(existing ? "view" : "set")(event)} noValidate>
          <Stack gap="5">
            <SimpleGrid columns={bodyweight ? 1 : 2} gap="3">
              {!bodyweight && (
                <FormField label={`Weight (${user?.unit ?? "kg"})`} error={errors.weight?.message}>
                  <Input type="number" step="0.01" min="0" inputMode="decimal" size="lg" {...register("weight")} />
                </FormField>
              )}
              <FormField label="Reps" error={errors.reps?.message}>
                <Input type="number" step="1" min="1" inputMode="numeric" size="lg" {...register("reps")} />
              </FormField>
            </SimpleGrid>
            <Controller
              control={control}
              name="kind"
              render={({ field }) => <SetKindChoice value={field.value} onChange={field.onChange} error={errors.kind?.message} />}
            />
            <RpeScale value={rpe} onChange={setRpe} />
            <SetNoteField error={errors.note?.message} {...register("note")} />
            {existing ? (
              <CancelAndSubmit cancelTo={viewTo} submitLabel="Save" loading={isSubmitting} gap="2" />
            ) : (
              <Stack gap="2">
                <Button type="submit" colorPalette="brand" size="lg">
                  Save &amp; Next Set
                </Button>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                  <Button type="button" variant="outline" size="lg" loading={isSubmitting} onClick={() => void submit("exercise")()}>
                    Save &amp; Next Exercise
                  </Button>
                  <Button type="button" variant="outline" size="lg" loading={isSubmitting} onClick={() => void submit("view")()}>
                    Save &amp; View Workout
                  </Button>
                </SimpleGrid>
                <LinkButton to={viewTo} variant="ghost" size="lg">
                  Cancel
                </LinkButton>
              </Stack>
            )}
          </Stack>
        </form>
        <KnowBeforeYouLift current={current} previous={previous.isError ? [] : previous.data} />
        {save.isPending && <Text srOnly>Saving</Text>}
      </Stack>
    </FormCard>
  );
}
