import { Button, SimpleGrid, Stack } from "@chakra-ui/react";
import { FaDumbbell, FaGears, FaPersonRunning, FaPersonWalking } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import { FormCard } from "@/components/ui/form-card";
import { AppLink } from "@/components/ui/link";
import { useWorkoutId } from "../model/use-workout-id";

/** ExerciseTypePage is Select Exercise Type: free weights, machine weights, bodyweight or cardio. */
export function ExerciseTypePage() {
  const id = useWorkoutId();
  const choices = [
    { label: "Free Weights", to: `/workouts/exercises/select/${id}?category=free-weights`, icon: <FaDumbbell /> },
    { label: "Machine Weights", to: `/workouts/exercises/select/${id}?category=machine-weights`, icon: <FaGears /> },
    { label: "Bodyweight", to: `/workouts/exercises/select/${id}?category=bodyweight`, icon: <FaPersonWalking /> },
    { label: "Cardio", to: `/workouts/cardio/select/${id}`, icon: <FaPersonRunning /> },
  ];
  return (
    <FormCard title="Select Exercise Type">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {choices.map((choice) => (
            <Button key={choice.label} asChild size="xl" minH="16" colorPalette="brand" variant="outline">
              <RouterLink to={choice.to}>
                {choice.icon} {choice.label}
              </RouterLink>
            </Button>
          ))}
        </SimpleGrid>
        <AppLink to={`/workouts/view/${id}`}>Workout Overview</AppLink>
      </Stack>
    </FormCard>
  );
}
