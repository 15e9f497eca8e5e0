import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useUser } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { useWorkouts } from "../api/get-workouts";
import { workoutPageSize } from "../api/types";
import { ShareBanner } from "../components/share-banner";
import { WorkoutTable } from "../components/workout-table";

/** WorkoutListPage lists the user's workouts, 9 per page, with the share banner after a finish. */
export function WorkoutListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const share = searchParams.get("share");
  const { data: user } = useUser();
  const workouts = useWorkouts(page);

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Workouts
        </Heading>
        <HStack gap="2" wrap="wrap">
          <LinkButton to="/start-workout" colorPalette="brand" size="lg">
            Start Workout
          </LinkButton>
          <LinkButton to="/workouts/add" variant="outline" size="lg">
            Add Past Workout
          </LinkButton>
        </HStack>
      </HStack>
      {share && <ShareBanner text={share} />}
      {workouts.isPending ? (
        <PageSpinner />
      ) : workouts.isError ? (
        <ErrorAlert message={describeError(workouts.error).message} />
      ) : (
        <>
          {workouts.data["hydra:member"].length === 0 ? (
            <Text color="fg.muted">Workouts logged will be listed here.</Text>
          ) : (
            <WorkoutTable workouts={workouts.data["hydra:member"]} userId={user?.id} />
          )}
          <Pagination
            totalItems={workouts.data["hydra:totalItems"]}
            pageSize={workoutPageSize}
            page={page}
            onPageChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
          />
        </>
      )}
    </Stack>
  );
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
