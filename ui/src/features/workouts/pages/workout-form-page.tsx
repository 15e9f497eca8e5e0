import { Alert, Button, HStack, Input, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { todayIsoDate } from "@/lib/format";
import { useWorkout } from "../api/get-workout";
import { useSaveWorkout, type WorkoutFields } from "../api/save-workout";
import type { Workout } from "../api/types";
import { nowTime } from "../model/format";
import { shareText, type Finished } from "../model/share";

/** WorkoutFormMode is which of the three forms this is. */
export type WorkoutFormMode = "add" | "edit" | "finish";

interface WorkoutFormValues {
  name: string;
  date: string;
  startTime: string;
  finishTime: string;
  notes: string;
}

const titles: Record<WorkoutFormMode, string> = { add: "Add Past Workout", edit: "Edit Workout", finish: "Finish Workout" };

/**
 * WorkoutFormPage is the Edit, Finish and Add Past Workout form (name, date, start and finish
 * time, notes). Finishing pre-fills the finish time from the clock, warns when sets not done will be
 * dropped, and goes to the list with the share banner.
 */
export function WorkoutFormPage({ mode }: { mode: WorkoutFormMode }) {
  const { id = "" } = useParams();
  const workout = useWorkout(mode === "add" ? "" : id);
  if (mode !== "add" && workout.isPending) return <PageSpinner />;
  if (mode !== "add" && workout.isError) return <ErrorAlert message={describeError(workout.error).message} />;
  return <WorkoutForm mode={mode} workout={mode === "add" ? null : (workout.data ?? null)} />;
}

function WorkoutForm({ mode, workout }: { mode: WorkoutFormMode; workout: Workout | null }) {
  const navigate = useNavigate();
  const save = useSaveWorkout();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WorkoutFormValues>({
    defaultValues: {
      name: workout?.name ?? (mode === "finish" ? (workout?.fromPlanName ?? "") : ""),
      date: workout?.date ?? todayIsoDate(),
      startTime: workout?.startTime ?? "",
      finishTime: workout?.finishTime ?? (mode === "finish" ? nowTime() : ""),
      notes: workout?.notes ?? "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const fields: WorkoutFields = {
      name: values.name.trim() === "" ? null : values.name.trim(),
      date: values.date || null,
      startTime: values.startTime || null,
      finishTime: values.finishTime || null,
      notes: values.notes.trim(),
    };
    let answer: unknown;
    try {
      answer = await save.mutateAsync({ id: workout?.id ?? null, fields });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["name", "date", "startTime", "finishTime", "notes"]));
      return;
    }
    if (mode === "edit" && workout) {
      await navigate(`/workouts/view/${workout.id}`);
      return;
    }
    if (mode === "finish" && isFinished(answer)) {
      await navigate(`/workouts?share=${encodeURIComponent(shareText(answer))}`);
      return;
    }
    await navigate("/workouts");
  });

  const viewTo = workout ? `/workouts/view/${workout.id}` : "/workouts";
  return (
    <FormCard title={titles[mode]}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          {mode === "finish" && workout && !workout.allDone && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>Exercises not marked as done will be removed</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="Name (optional)" error={errors.name?.message}>
            <Input size="lg" autoComplete="off" {...register("name")} />
          </FormField>
          <FormField label="Date" error={errors.date?.message}>
            <Input type="date" size="lg" min="1900-01-01" max={todayIsoDate()} {...register("date")} />
          </FormField>
          {/* A grid, not a row, and less padding: a 360 px phone still shows "01:19 PM" in full. */}
          <SimpleGrid columns={2} gap="3" alignItems="start">
            <FormField label="Start time" error={errors.startTime?.message}>
              <Input type="time" size="lg" px="3" {...register("startTime")} />
            </FormField>
            <FormField label="Finish time" error={errors.finishTime?.message}>
              <Input type="time" size="lg" px="3" {...register("finishTime")} />
            </FormField>
          </SimpleGrid>
          <FormField label="Notes" error={errors.notes?.message}>
            <Textarea size="lg" rows={3} autoresize placeholder="Optional" {...register("notes")} />
          </FormField>
          <HStack gap="2" wrap="wrap">
            {workout && (
              <LinkButton to={viewTo} variant="outline" size="lg" flex="1 1 auto">
                Edit exercises
              </LinkButton>
            )}
            <LinkButton to="/workouts" variant="outline" size="lg" flex="1 1 auto">
              Workouts
            </LinkButton>
            <Button type="submit" colorPalette="brand" size="lg" flex="1 1 auto" loading={isSubmitting}>
              Confirm
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormCard>
  );
}

function isFinished(answer: unknown): answer is Finished {
  return typeof answer === "object" && answer !== null && Array.isArray((answer as Finished).exerciseNames);
}
