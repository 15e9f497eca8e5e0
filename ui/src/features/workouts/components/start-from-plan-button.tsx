import { Button, Stack } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LinkButton } from "@/components/ui/link";
import { describeError } from "@/lib/error-messages";
import { todayIsoDate } from "@/lib/format";
import { useUnfinished } from "../api/get-unfinished";
import { useStartWorkout } from "../api/start-workout";
import { nowTime } from "../model/format";

/**
 * StartFromPlanButton starts a workout from the plan planId, as the start page's "Create
 * Workout From Plan" does, and opens it. While a workout is in progress it opens that one
 * instead, as the start page does: one workout at a time.
 */
export function StartFromPlanButton({ planId }: { planId: string }) {
  const navigate = useNavigate();
  const unfinished = useUnfinished();
  const start = useStartWorkout();

  if (unfinished.data && start.isIdle) {
    return (
      <LinkButton to={`/workouts/view/${unfinished.data.id}`} colorPalette="brand" size="lg" flex={{ base: "1", sm: "none" }}>
        Open Workout In Progress
      </LinkButton>
    );
  }
  return (
    <Stack gap="2" flex={{ base: "1", sm: "none" }}>
      <Button
        colorPalette="brand"
        size="lg"
        loading={start.isPending}
        disabled={unfinished.isPending}
        onClick={() =>
          start.mutate(
            { from: { plan: planId }, startTime: nowTime(), date: todayIsoDate() },
            { onSuccess: (started) => void navigate(`/workouts/view/${started.id}`) },
          )
        }
      >
        Start Workout
      </Button>
      {start.isError && <ErrorAlert message={describeError(start.error).message} />}
    </Stack>
  );
}
