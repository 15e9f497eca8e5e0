import { Button, SimpleGrid } from "@chakra-ui/react";
import { FaDumbbell, FaGears, FaPersonRunning, FaPersonWalking } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import type { Category } from "../api/types";

interface ExerciseTypeChoicesProps {
  /** Where a strength category leads (its Select Exercise). */
  selectTo: (category: Category) => string;
  /** Where Cardio leads (its Select Cardio). */
  cardioTo: string;
}

/** ExerciseTypeChoices are the four exercise types: Free Weights, Machine Weights, Bodyweight, Cardio. */
export function ExerciseTypeChoices({ selectTo, cardioTo }: ExerciseTypeChoicesProps) {
  const choices = [
    { label: "Free Weights", to: selectTo("free-weights"), icon: <FaDumbbell /> },
    { label: "Machine Weights", to: selectTo("machine-weights"), icon: <FaGears /> },
    { label: "Bodyweight", to: selectTo("bodyweight"), icon: <FaPersonWalking /> },
    { label: "Cardio", to: cardioTo, icon: <FaPersonRunning /> },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      {choices.map((choice) => (
        <Button key={choice.label} asChild size="xl" minH="16" colorPalette="brand" variant="outline">
          <RouterLink to={choice.to}>
            {choice.icon} {choice.label}
          </RouterLink>
        </Button>
      ))}
    </SimpleGrid>
  );
}
