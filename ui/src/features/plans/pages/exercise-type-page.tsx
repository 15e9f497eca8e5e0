import { Stack } from "@chakra-ui/react";
import { FormCard } from "@/components/ui/form-card";
import { AppLink } from "@/components/ui/link";
import { ExerciseTypeChoices } from "@/features/workouts";
import { usePlanId } from "../model/use-plan-id";

/** ExerciseTypePage is /plan/:id/exercises/new: Free Weights, Machine Weights, Bodyweight or Cardio. */
export function ExerciseTypePage() {
  const id = usePlanId();
  return (
    <FormCard title="Select Exercise Type">
      <Stack gap="4">
        <ExerciseTypeChoices selectTo={(category) => `/plan/${id}/exercises/select?category=${category}`} cardioTo={`/plan/${id}/cardio/select`} />
        <AppLink to={`/plan/${id}/view`}>Plan Overview</AppLink>
      </Stack>
    </FormCard>
  );
}
