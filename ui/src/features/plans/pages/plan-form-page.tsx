import { Input, Stack, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { usePlan } from "../api/get-plan";
import { type PlanDetails, useSavePlan } from "../api/save-plan";
import type { Plan } from "../api/types";
import { usePlanId } from "../model/use-plan-id";

/** PlanAddPage is /plan/add: name and notes, then Next goes on to adding exercises. */
export function PlanAddPage() {
  return <PlanForm plan={null} />;
}

/** PlanEditPage is /plan/edit/:id: the plan's name and notes, and Save. */
export function PlanEditPage() {
  const plan = usePlan(usePlanId());
  if (plan.isPending) return <PageSpinner />;
  if (plan.isError) return <ErrorAlert message={describeError(plan.error).message} />;
  return <PlanForm plan={plan.data} />;
}

function PlanForm({ plan }: { plan: Plan | null }) {
  const navigate = useNavigate();
  const save = useSavePlan(plan?.id ?? null);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlanDetails>({ defaultValues: { name: plan?.name ?? "", notes: plan?.notes ?? "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let saved: Plan;
    try {
      saved = await save.mutateAsync(values);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["name", "notes"]));
      return;
    }
    await navigate(plan ? `/plan/${saved.id}/view` : `/plan/${saved.id}/exercises/new`);
  });

  return (
    <FormCard title={plan ? "Edit Plan" : "Create Plan"}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="Name" error={errors.name?.message}>
            <Input size="lg" autoComplete="off" {...register("name")} />
          </FormField>
          <FormField label="Notes" error={errors.notes?.message}>
            <Textarea size="lg" rows={4} {...register("notes")} />
          </FormField>
          <CancelAndSubmit cancelTo={plan ? `/plan/${plan.id}/view` : "/plan"} submitLabel={plan ? "Save" : "Next"} loading={isSubmitting} />
        </Stack>
      </form>
    </FormCard>
  );
}
