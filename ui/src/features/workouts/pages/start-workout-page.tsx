import { Button, Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { todayIsoDate } from "@/lib/format";
import { usePlans } from "../api/get-plans";
import { useUnfinished } from "../api/get-unfinished";
import { useWorkouts } from "../api/get-workouts";
import { useStartWorkout, type StartFrom } from "../api/start-workout";
import { workoutPageSize } from "../api/types";
import { PlanList } from "../components/plan-list";
import { RecentWorkouts } from "../components/recent-workouts";
import { nowTime } from "../model/format";

// The start-from lists show at most 3 pages (27 items), as the spec limits them.
const maxStartFromPages = 3;

/** startFromTotal is how many items a start-from list pages through: at most 3 pages. */
function startFromTotal(totalItems: number): number {
  return Math.min(totalItems, maxStartFromPages * workoutPageSize);
}

/**
 * StartWorkoutPage offers Quick Start, starting from a plan and duplicating a recent workout.
 * A workout already in progress opens instead.
 */
export function StartWorkoutPage() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const unfinished = useUnfinished();
  const [page, setPage] = useState(1);
  const recent = useWorkouts(page);
  const [planPage, setPlanPage] = useState(1);
  const plans = usePlans(planPage);
  const start = useStartWorkout();

  if (unfinished.isPending) return <PageSpinner />;
  // Only a workout found on arrival redirects; one this page just started navigates on its own.
  if (unfinished.data && start.isIdle) return <Navigate to={`/workouts/view/${unfinished.data.id}`} replace />;

  // What the start under way starts from (undefined when none is under way).
  const startingFrom = start.isPending ? start.variables.from : undefined;
  const begin = (from: StartFrom) =>
    start.mutate(
      { from, startTime: nowTime(), date: todayIsoDate() },
      {
        onSuccess: (started) =>
          void navigate(from ? `/workouts/view/${started.id}` : `/workouts/exercises/new/${started.id}?session=start`),
      },
    );

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Start Workout
      </Heading>
      {start.isError && <ErrorAlert message={describeError(start.error).message} />}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h2" size="lg">
              Quick Start
            </Heading>
          </Card.Header>
          <Card.Body gap="3">
            <Text color="fg.muted">Start an empty workout and add exercises as you go.</Text>
            <Button colorPalette="brand" size="lg" loading={startingFrom === null} onClick={() => begin(null)}>
              Start Workout
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h2" size="lg">
              Create Workout From Plan
            </Heading>
          </Card.Header>
          <Card.Body gap="3">
            {plans.isPending ? (
              <PageSpinner />
            ) : plans.isError ? (
              <ErrorAlert message={describeError(plans.error).message} />
            ) : (
              <>
                <PlanList
                  plans={plans.data["hydra:member"]}
                  starting={startingFrom && "plan" in startingFrom ? startingFrom.plan : null}
                  onStart={(plan) => begin({ plan: plan.id })}
                />
                <Pagination
                  totalItems={startFromTotal(plans.data["hydra:totalItems"])}
                  pageSize={workoutPageSize}
                  page={planPage}
                  onPageChange={setPlanPage}
                />
              </>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h2" size="lg">
            Create Workout From Recent
          </Heading>
        </Card.Header>
        <Card.Body gap="3">
          {recent.isPending ? (
            <PageSpinner />
          ) : recent.isError ? (
            <ErrorAlert message={describeError(recent.error).message} />
          ) : (
            <>
              <RecentWorkouts
                workouts={recent.data["hydra:member"]}
                unit={user?.unit ?? "kg"}
                starting={!!startingFrom && "id" in startingFrom}
                onStart={(workout, increment) =>
                  begin({ id: workout.id, plusWeight: increment.plusWeight, plusReps: increment.plusReps })
                }
              />
              <Pagination
                totalItems={startFromTotal(recent.data["hydra:totalItems"])}
                pageSize={workoutPageSize}
                page={page}
                onPageChange={setPage}
              />
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
