import { Input, NativeSelect, SimpleGrid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useSaveSet } from "../api/log-set";
import type { CardioUnit, LoggedSet } from "../api/types";
import { RpeScale } from "../components/rpe-scale";
import { SetFormLoader } from "../components/set-form-loader";
import { SetNoteField } from "../components/set-note-field";
import { distanceUnitFor, parseDecimal, parseInteger } from "../model/format";
import { startRest } from "../model/rest";

const units: CardioUnit[] = ["", "km", "m", "mi"];

interface CardioValues {
  distance: string;
  unit: CardioUnit;
  minutes: string;
  seconds: string;
  note: string;
}

/**
 * CardioFormPage adds or edits a cardio set. Adding pre-fills from the last set of that exercise
 * in this workout, so a second interval is one tap.
 */
export function CardioFormPage({ mode }: { mode: "add" | "edit" }) {
  return (
    <SetFormLoader mode={mode} setParam="exercise">
      {({ workoutId, exercise, existing, sets }) => {
        const last = sets.filter((set) => set.isCardio && set.exercise.toLowerCase() === exercise.toLowerCase()).at(-1) ?? null;
        return <CardioFormOfUser workoutId={workoutId} exercise={exercise} existing={existing} template={existing ?? last} />;
      }}
    </SetFormLoader>
  );
}

interface CardioFormProps {
  workoutId: string;
  exercise: string;
  existing: LoggedSet | null;
  template: LoggedSet | null;
}

/**
 * CardioFormOfUser waits for the signed-in user: an exercise's first entry starts in their
 * distance unit, a later one in the unit of the one before.
 */
function CardioFormOfUser(props: CardioFormProps) {
  const me = useUser();
  // Offline with nothing cached the call is paused, not fetching: the form opens, in km.
  if (me.isPending && me.fetchStatus === "fetching") return <PageSpinner />;
  return <CardioForm {...props} distanceUnit={distanceUnitFor(me.data?.unit)} />;
}

function CardioForm({ workoutId, exercise, existing, template, distanceUnit }: CardioFormProps & { distanceUnit: CardioUnit }) {
  const navigate = useNavigate();
  const save = useSaveSet(workoutId);
  const [rpe, setRpe] = useState<number | null>(existing?.rpe ?? null);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CardioValues>({
    defaultValues: {
      distance: template?.distance === null || template === null ? "" : String(template.distance),
      unit: template ? (template.unit ?? "") : distanceUnit,
      minutes: template?.minutes === null || template === null ? "" : String(template.minutes),
      seconds: template?.seconds === null || template === null ? "" : String(template.seconds),
      // The note is the set's own: a new entry does not take the last one's.
      note: existing?.note ?? "",
    },
  });
  const viewTo = `/workouts/view/${workoutId}`;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        id: existing?.id ?? null,
        input: {
          kind: "cardio",
          exercise,
          distance: parseDecimal(values.distance),
          unit: values.unit,
          minutes: parseInteger(values.minutes),
          seconds: parseInteger(values.seconds),
          rpe,
          note: values.note.trim(),
        },
      });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["distance", "unit", "minutes", "seconds", "note"]));
      return;
    }
    if (rpe !== null) startRest(workoutId, exercise);
    await navigate(viewTo);
  });

  return (
    <FormCard title={exercise}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <SimpleGrid columns={2} gap="3">
            <FormField label="Distance" error={errors.distance?.message}>
              <Input type="number" step="0.01" min="0" inputMode="decimal" size="lg" {...register("distance")} />
            </FormField>
            <FormField label="Unit" error={errors.unit?.message}>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field {...register("unit")}>
                  {units.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit === "" ? "–" : unit}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Minutes" error={errors.minutes?.message}>
              <Input type="number" step="1" min="0" inputMode="numeric" size="lg" {...register("minutes")} />
            </FormField>
            <FormField label="Seconds" error={errors.seconds?.message}>
              <Input type="number" step="1" min="0" max="59" inputMode="numeric" size="lg" {...register("seconds")} />
            </FormField>
          </SimpleGrid>
          <RpeScale value={rpe} onChange={setRpe} hint="how hard it was out of 10, e.g. 7" />
          <input type="hidden" name="rpe" value={rpe ?? ""} />
          <SetNoteField error={errors.note?.message} {...register("note")} />
          <CancelAndSubmit cancelTo={viewTo} submitLabel="Save" loading={isSubmitting} gap="2" />
        </Stack>
      </form>
    </FormCard>
  );
}
