import { SimpleGrid } from "@chakra-ui/react";
import { LinkButton } from "@/components/ui/link";

interface OwnerFooterProps {
  workoutId: string;
  finished: boolean;
}

/**
 * OwnerFooter is the workout view's footer for its owner: Edit Workout, Delete Workout, Finish
 * (while unfinished) and + Exercise. On a phone the buttons take a 2×2 grid so every label shows
 * in full (+ Exercise spans the row when Finish is gone); from tablet width they share one row.
 */
export function OwnerFooter({ workoutId, finished }: OwnerFooterProps) {
  return (
    <SimpleGrid as="footer" columns={{ base: 2, md: finished ? 3 : 4 }} gap="2">
      <LinkButton to={`/workouts/edit/${workoutId}`} variant="outline" size="lg">
        Edit Workout
      </LinkButton>
      <LinkButton to={`/workouts/delete/${workoutId}`} variant="outline" colorPalette="red" size="lg">
        Delete Workout
      </LinkButton>
      {!finished && (
        <LinkButton to={`/workouts/finish/${workoutId}`} colorPalette="green" size="lg">
          Finish
        </LinkButton>
      )}
      <LinkButton
        to={`/workouts/exercises/new/${workoutId}`}
        colorPalette="brand"
        size="lg"
        gridColumn={finished ? { base: "span 2", md: "auto" } : undefined}
      >
        + Exercise
      </LinkButton>
    </SimpleGrid>
  );
}
