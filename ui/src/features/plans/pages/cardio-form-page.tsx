import { Badge, Input, NativeSelect, Stack, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { distanceUnitFor } from "@/features/workouts";
import type { FormErrorSummary } from "@/lib/form-errors";
import { useSavePlanExercise } from "../api/plan-exercises";
import { PlanExerciseLoader, type PlanExerciseTarget } from "../components/plan-exercise-loader";
import { TargetCell, TargetRowsTable } from "../components/target-rows-table";
import { type TargetValues, useTargetRows } from "../components/use-target-rows";
import {
  applyTargetErrors,
  blankCardioRow,
  type CardioRow,
  cardioRows,
  cardioTargets,
  cardioUnits,
} from "../model/targets";

const columns = ["distance", "unit", "minutes", "seconds"] as const;

/** CardioAddPage is /plan/:id/cardio/add/:name. */
export function CardioAddPage() {
  return <PlanExerciseLoader mode="add">{(target) => <CardioFormOfUser key={target.name} target={target} />}</PlanExerciseLoader>;
}

/** CardioEditPage is /plan/:id/cardio/edit/:exercise. */
export function CardioEditPage() {
  return <PlanExerciseLoader mode="edit">{(target) => <CardioFormOfUser key={target.existing?.id} target={target} />}</PlanExerciseLoader>;
}

/** CardioFormOfUser waits for the signed-in user, whose distance unit new targets start with. */
function CardioFormOfUser({ target }: { target: PlanExerciseTarget }) {
  const me = useUser();
  // Offline with nothing cached the call is paused, not fetching: the form opens, in km.
  if (me.isPending && me.fetchStatus === "fetching") return <PageSpinner />;
  return <CardioForm target={target} blank={{ ...blankCardioRow, unit: distanceUnitFor(me.data?.unit) }} />;
}

/**
 * CardioForm is a cardio plan exercise: the targets table (Distance, Unit, Minutes, Seconds,
 * Remove; Add Set copies the previous row; a new row is blank, in the person's distance unit),
 * notes, the Cardio badge, and Save.
 */
function CardioForm({ target, blank }: { target: PlanExerciseTarget; blank: CardioRow }) {
  const { planId, name, existing } = target;
  const navigate = useNavigate();
  const save = useSavePlanExercise(planId);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const form = useForm<TargetValues<CardioRow>>({
    defaultValues: { targets: cardioRows(existing?.targets ?? [], blank), notes: existing?.notes ?? "" },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const rows = useTargetRows(form, blank);
  const viewTo = `/plan/${planId}/view`;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        kind: "cardio",
        payload: { ...(existing && { id: existing.id }), plan: planId, exercise: name, targets: cardioTargets(values.targets), notes: values.notes },
      });
    } catch (error) {
      setFailure(applyTargetErrors(error, setError, ["notes"], values.targets.length, columns));
      return;
    }
    await navigate(viewTo);
  });

  const cellError = (index: number, field: keyof CardioRow) => errors.targets?.[index]?.[field]?.message;
  const numberCell = (field: "distance" | "minutes" | "seconds", label: string, decimal: boolean) => (i: number) => (
    <TargetCell error={cellError(i, field)}>
      <Input
        type="number"
        step={decimal ? "0.01" : "1"}
        min="0"
        inputMode={decimal ? "decimal" : "numeric"}
        px="2"
        aria-label={`${label} set ${i + 1}`}
        {...register(`targets.${i}.${field}`)}
      />
    </TargetCell>
  );

  return (
    <FormCard title={name}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="5">
          <Badge alignSelf="start" colorPalette="orange" size="lg">
            Cardio
          </Badge>
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <TargetRowsTable
            label="Targets"
            rowKeys={rows.rowKeys}
            columns={[
              { header: "Distance", cell: numberCell("distance", "Distance", true) },
              {
                header: "Unit",
                cell: (i) => (
                  <TargetCell error={cellError(i, "unit")}>
                    <NativeSelect.Root>
                      <NativeSelect.Field aria-label={`Unit set ${i + 1}`} px="2" {...register(`targets.${i}.unit`)}>
                        {cardioUnits.map((unit) => (
                          <option key={unit} value={unit}>
                            {unit === "" ? "–" : unit}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </TargetCell>
                ),
              },
              { header: "Minutes", cell: numberCell("minutes", "Minutes", false) },
              { header: "Seconds", cell: numberCell("seconds", "Seconds", false) },
            ]}
            onAdd={rows.addRow}
            onRemove={rows.removeRow}
          />
          <FormField label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...register("notes")} />
          </FormField>
          <CancelAndSubmit cancelTo={viewTo} submitLabel="Save" loading={isSubmitting} gap="2" />
        </Stack>
      </form>
    </FormCard>
  );
}
