import { Button, Group, IconButton, Input, Menu, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FaChevronDown } from "react-icons/fa6";
import { useNavigate, useSearchParams } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser } from "@/features/account";
import { categoryFrom, type Category, MuscleGroupChoice, toggled, useExercise, useMuscleGroups } from "@/features/workouts";
import type { FormErrorSummary } from "@/lib/form-errors";
import { useSavePlanExercise } from "../api/plan-exercises";
import { PlanExerciseLoader, type PlanExerciseTarget } from "../components/plan-exercise-loader";
import { TargetCell, TargetRowsTable } from "../components/target-rows-table";
import { type TargetValues, useTargetRows } from "../components/use-target-rows";
import { TrainingIntelCard } from "../intel";
import {
  applyTargetErrors,
  blankStrengthRow,
  type StrengthRow,
  strengthRows,
  strengthTargets,
} from "../model/targets";

type Next = "exercise" | "view";

/** StrengthAddPage is /plan/:id/exercises/add/:name (the category in the query). */
export function StrengthAddPage() {
  return <PlanExerciseLoader mode="add">{(target) => <StrengthFormLoader target={target} />}</PlanExerciseLoader>;
}

/** StrengthEditPage is /plan/:id/exercises/edit/:exercise. */
export function StrengthEditPage() {
  return <PlanExerciseLoader mode="edit">{(target) => <StrengthFormLoader target={target} />}</PlanExerciseLoader>;
}

// The exercise's muscle groups (locked for a built-in) and the list of groups load first; a
// custom exercise not yet known has none, and its groups can be chosen.
function StrengthFormLoader({ target }: { target: PlanExerciseTarget }) {
  const detail = useExercise(target.name);
  const groups = useMuscleGroups();
  if ((detail.isPending && target.existing === null) || groups.isPending) return <PageSpinner />;
  const locked = target.existing?.disabled ?? detail.data?.disabled ?? false;
  const chosen = target.existing?.muscleGroupIds ?? detail.data?.muscleGroupIds ?? [];
  return <StrengthForm key={target.existing?.id ?? target.name} target={target} locked={locked} initialGroups={chosen} groups={groups.data ?? []} />;
}

interface StrengthFormProps {
  target: PlanExerciseTarget;
  locked: boolean;
  initialGroups: number[];
  groups: NonNullable<ReturnType<typeof useMuscleGroups>["data"]>;
}

/**
 * StrengthForm is a strength plan exercise: the targets table (Set, Weight in the user's unit
 * but none for bodyweight, Reps, Remove; Add Set copies the previous row), notes and muscle
 * groups. Adding offers Save & Next Exercise (back to the category choice) and, in its
 * dropdown, Save & View Plan; editing has Save.
 */
function StrengthForm({ target, locked, initialGroups, groups }: StrengthFormProps) {
  const { planId, name, existing } = target;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: user } = useUser();
  const category: Category =
    existing && existing.category !== "cardio" ? existing.category : categoryFrom(searchParams.get("category"));
  const bodyweight = category === "bodyweight";
  const save = useSavePlanExercise(planId);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(initialGroups));
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const form = useForm<TargetValues<StrengthRow>>({
    defaultValues: { targets: strengthRows(existing?.targets ?? []), notes: existing?.notes ?? "" },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const rows = useTargetRows(form, blankStrengthRow);
  const viewTo = `/plan/${planId}/view`;
  const columns = bodyweight ? ["reps"] : ["weight", "reps"];

  const submit = (next: Next) =>
    handleSubmit(async (values) => {
      setFailure(null);
      try {
        await save.mutateAsync({
          kind: "strength",
          payload: {
            ...(existing && { id: existing.id }),
            plan: planId,
            exercise: name,
            category,
            targets: strengthTargets(values.targets, bodyweight),
            notes: values.notes,
            muscleGroups: [...chosen],
          },
        });
      } catch (error) {
        setFailure(applyTargetErrors(error, setError, ["notes"], values.targets.length, columns));
        return;
      }
      await navigate(next === "exercise" ? `/plan/${planId}/exercises/new` : viewTo);
    });

  const cellError = (index: number, field: keyof StrengthRow) => errors.targets?.[index]?.[field]?.message;
  const tableColumns = [
    ...(bodyweight
      ? []
      : [
          {
            header: `Weight (${user?.unit ?? "kg"})`,
            cell: (i: number) => (
              <TargetCell error={cellError(i, "weight")}>
                <Input type="number" step="0.01" min="0" inputMode="decimal" aria-label={`Weight set ${i + 1}`} {...register(`targets.${i}.weight`)} />
              </TargetCell>
            ),
          },
        ]),
    {
      header: "Reps",
      cell: (i: number) => (
        <TargetCell error={cellError(i, "reps")}>
          <Input type="number" step="1" min="1" inputMode="numeric" aria-label={`Reps set ${i + 1}`} {...register(`targets.${i}.reps`)} />
        </TargetCell>
      ),
    },
  ];

  return (
    <FormCard title={name}>
      <form onSubmit={(event) => void submit(existing ? "view" : "exercise")(event)} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <TargetRowsTable
            label="Targets"
            columns={tableColumns}
            rowKeys={rows.rowKeys}
            onAdd={rows.addRow}
            onRemove={rows.removeRow}
          />
          <FormField label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...register("notes")} />
          </FormField>
          <Stack gap="2">
            <Text fontWeight="medium">Muscle groups</Text>
            <MuscleGroupChoice
              groups={groups}
              chosen={chosen}
              locked={locked}
              onToggle={(groupId, checked) => setChosen((current) => toggled(current, groupId, checked))}
            />
          </Stack>
          {/* Above the buttons, so on a phone the last sessions show before Save. */}
          <TrainingIntelCard exercise={name} trainer={user?.trainer ?? false} />
          {existing ? (
            <CancelAndSubmit cancelTo={viewTo} submitLabel="Save" loading={isSubmitting} gap="2" />
          ) : (
            <Stack direction={{ base: "column-reverse", sm: "row" }} gap="2">
              <LinkButton to={viewTo} variant="outline" size="lg" flex={{ sm: "1" }}>
                Cancel
              </LinkButton>
              <Group attached flex={{ sm: "1" }}>
                <Button type="submit" colorPalette="brand" size="lg" flex="1" loading={isSubmitting}>
                  Save &amp; Next Exercise
                </Button>
                <Menu.Root>
                  <Menu.Trigger asChild>
                    <IconButton colorPalette="brand" size="lg" aria-label="More ways to save" disabled={isSubmitting} borderStartWidth="1px">
                      <FaChevronDown />
                    </IconButton>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content>
                        <Menu.Item value="view" minH="10" onSelect={() => void submit("view")()}>
                          Save &amp; View Plan
                        </Menu.Item>
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              </Group>
            </Stack>
          )}
        </Stack>
      </form>
    </FormCard>
  );
}
