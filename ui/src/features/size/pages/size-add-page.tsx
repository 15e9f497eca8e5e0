import { Input, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate, useParams } from "react-router";
import { CancelAndSubmit } from "@/components/ui/cancel-and-submit";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { todayIsoDate } from "@/lib/format";
import { useAddSize } from "../api/add-size";
import { isSizeCategory, type SizeCategory } from "../api/types";

interface LogMeasurementValues {
  date: string;
  measurement: string;
  category: SizeCategory;
}

/** SizeAddPage is the Log measurement form of one category; a logged size returns to its list. */
export function SizeAddPage() {
  const { category } = useParams();
  if (!isSizeCategory(category)) return <Navigate to="/size/add/Arms" replace />;
  return <LogMeasurementForm key={category} category={category} />;
}

function LogMeasurementForm({ category }: { category: SizeCategory }) {
  const navigate = useNavigate();
  const addSize = useAddSize();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LogMeasurementValues>({ defaultValues: { date: todayIsoDate(), measurement: "", category } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const parsed = values.measurement.trim() === "" ? Number.NaN : Number(values.measurement);
    try {
      await addSize.mutateAsync({
        date: values.date === "" ? null : values.date,
        measurement: Number.isFinite(parsed) ? Math.round(parsed * 10) / 10 : null,
        category: values.category,
      });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["date", "measurement", "category"]));
      return;
    }
    await navigate(`/size/list/${values.category}`);
  });

  return (
    <FormCard title={`Log measurement: ${category}`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <input type="hidden" {...register("category")} />
          <FormField label="Date" error={errors.date?.message}>
            <Input type="date" size="lg" min="1900-01-01" max={todayIsoDate()} {...register("date")} />
          </FormField>
          <FormField label="Measurement (cm)" error={errors.measurement?.message ?? errors.category?.message}>
            <Input type="number" step="0.1" inputMode="decimal" size="lg" {...register("measurement")} />
          </FormField>
          <CancelAndSubmit cancelTo={`/size/list/${category}`} submitLabel="Confirm" loading={isSubmitting} />
        </Stack>
      </form>
    </FormCard>
  );
}
