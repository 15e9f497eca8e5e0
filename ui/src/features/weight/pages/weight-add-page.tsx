import { Input, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { useUser } from "@/features/account";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { todayIsoDate } from "@/lib/format";
import { useAddWeight } from "../api/add-weight";

interface LogWeightValues {
  date: string;
  weight: string;
}

/** WeightAddPage is the Log Weight form; a logged weight returns to the Weight Log. */
export function WeightAddPage() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const addWeight = useAddWeight();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LogWeightValues>({ defaultValues: { date: todayIsoDate(), weight: "" } });

  const onSubmit = handleSubmit(async ({ date, weight }) => {
    setFailure(null);
    const parsed = weight.trim() === "" ? Number.NaN : Number(weight);
    try {
      await addWeight.mutateAsync({
        date: date === "" ? null : date,
        weight: Number.isFinite(parsed) ? parsed : null,
      });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["date", "weight"]));
      return;
    }
    await navigate("/weight/list");
  });

  return (
    <FormCard title="Log Weight">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <FormField label="Date" error={errors.date?.message}>
            <Input type="date" size="lg" min="1900-01-01" max={todayIsoDate()} {...register("date")} />
          </FormField>
          <FormField label={`Weight (${user?.unit ?? "kg"})`} error={errors.weight?.message}>
            <Input type="number" step="0.01" inputMode="decimal" size="lg" {...register("weight")} />
          </FormField>
          <CancelAndSubmit cancelTo="/weight/list" submitLabel="Confirm" loading={isSubmitting} />
        </Stack>
      </form>
    </FormCard>
  );
}
