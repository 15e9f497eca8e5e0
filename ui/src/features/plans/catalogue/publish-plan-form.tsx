import { Button, HStack, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormField } from "@/components/ui/form-field";
import { describeError } from "@/lib/error-messages";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { usePublishPlan } from "./publish-plan";
import { maxPlanPrice, minPlanPrice, planLevels, type ListedPlan } from "./types";

interface PublishValues {
  price: string;
  tagline: string;
  level: string;
}

interface PublishPlanFormProps {
  /** The trainer's own plan, as GET /api/plans/{id} answers it. */
  plan: ListedPlan;
  /** Called with the plan as the server answered, after publishing or unpublishing it. */
  onSaved?: (plan: ListedPlan) => void;
}

/**
 * PublishPlanForm lets a trainer put their plan in the catalogue with a price (GBP, £0.99 to
 * £199.99), a tagline and a level, change that listing, or take the plan out again.
 */
export function PublishPlanForm({ plan, onSaved }: PublishPlanFormProps) {
  const publish = usePublishPlan(plan.id);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PublishValues>({
    defaultValues: {
      price: plan.price === null ? "" : plan.price.toFixed(2),
      tagline: plan.tagline ?? "",
      level: plan.level ?? planLevels[0],
    },
  });

  const onSubmit = handleSubmit(async ({ price, tagline, level }) => {
    setFailure(null);
    const parsed = price.trim() === "" ? Number.NaN : Number(price);
    let saved: ListedPlan;
    try {
      saved = await publish.mutateAsync({ price: Number.isFinite(parsed) ? parsed : null, tagline, level });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ["price", "tagline", "level"]));
      return;
    }
    onSaved?.(saved);
  });

  const unpublish = async () => {
    setFailure(null);
    let saved: ListedPlan;
    try {
      saved = await publish.mutateAsync(null);
    } catch (error) {
      setFailure({ message: describeError(error).message, otherErrors: [], fieldsWithErrors: [] });
      return;
    }
    onSaved?.(saved);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Publish ${plan.name}`}>
      <Stack gap="4">
        {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
        <FormField
          label="Price (£)"
          error={errors.price?.message}
          helperText={`From £${minPlanPrice.toFixed(2)} to £${maxPlanPrice.toFixed(2)}`}
        >
          <Input type="number" step="0.01" inputMode="decimal" size="lg" {...register("price")} />
        </FormField>
        <FormField label="Tagline" error={errors.tagline?.message}>
          <Input size="lg" maxLength={150} {...register("tagline")} />
        </FormField>
        <FormField label="Level" error={errors.level?.message}>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field {...register("level")}>
              {planLevels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            {plan.published ? "Save listing" : "Publish"}
          </Button>
          {plan.published && (
            <Button type="button" variant="outline" size="lg" loading={publish.isPending && !isSubmitting} onClick={() => void unpublish()}>
              Unpublish
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
