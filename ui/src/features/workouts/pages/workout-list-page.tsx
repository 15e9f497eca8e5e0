import { Button, Checkbox, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { isRefusedFilter, UnknownClient } from "@/components/ui/unknown-client";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pagination } from "@/components/ui/pagination";
import { useUser } from "@/features/account";
import { keepClientFilter, resolveClientName, useClientNames } from "@/lib/client-filter";
import { describeError } from "@/lib/error-messages";
import { useWorkouts } from "../api/get-workouts";
import { workoutPageSize } from "../api/types";
import { ShareBanner } from "../components/share-banner";
import { WorkoutTable } from "../components/workout-table";

/**
 * WorkoutListPage lists the user's workouts, 9 per page, with the share banner after a finish.
 * Trainers see the By column and a Filter by name box: a confirmed client's name (userFilter)
 * lists that client's workouts; "Changed after the day" (afterTheDay) keeps the workouts changed
 * on a later day than their own.
 */
export function WorkoutListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const share = searchParams.get("share");
  const filter = searchParams.get("userFilter") ?? "";
  const afterTheDay = searchParams.get("afterTheDay") === "1";
  const { data: user } = useUser();
  const workouts = useWorkouts(page, filter, afterTheDay);
  const trainer = user?.trainer ?? false;
  const go = (next: { page?: number; userFilter?: string; afterTheDay?: boolean }) => {
    const params: Record<string, string> = {};
    const name = next.userFilter ?? filter;
    if (name) params.userFilter = name;
    if (next.afterTheDay ?? afterTheDay) params.afterTheDay = "1";
    if (next.page && next.page > 1) params.page = String(next.page);
    setSearchParams(params);
  };

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
      {(trainer || filter !== "") && (
        <NameFilter
          value={filter}
          trainer={trainer}
          onChange={(name) => {
            keepClientFilter(name);
            go({ userFilter: name });
          }}
        />
      )}
      {(trainer || filter !== "" || afterTheDay) && (
        <Checkbox.Root
          size="lg"
          minH="10"
          alignSelf="start"
          checked={afterTheDay}
          onCheckedChange={(details) => go({ afterTheDay: details.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Changed after the day</Checkbox.Label>
        </Checkbox.Root>
      )}
      {workouts.isPending ? (
        <PageSpinner />
      ) : isRefusedFilter(workouts.error, filter) ? (
        <UnknownClient name={filter} />
      ) : workouts.isError ? (
        <ErrorAlert message={describeError(workouts.error).message} />
      ) : (
        <>
          {workouts.data["hydra:member"].length === 0 ? (
            <Text color="fg.muted">
              {afterTheDay ? "No workout was changed after its day." : "Workouts logged will be listed here."}
            </Text>
          ) : (
            <WorkoutTable workouts={workouts.data["hydra:member"]} userId={user?.id} showBy={trainer || filter !== ""} />
          )}
          <Pagination
            totalItems={workouts.data["hydra:totalItems"]}
            pageSize={workoutPageSize}
            page={page}
            onPageChange={(next) => go({ page: next })}
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

/**
 * NameFilter is the trainers' Filter by name box: a client's name, or empty for their own. It
 * suggests the confirmed clients' names, and a name typed in another case or the start of one
 * of its words is taken for the one client it can mean.
 */
function NameFilter({ value, trainer, onChange }: { value: string; trainer: boolean; onChange: (name: string) => void }) {
  const names = useClientNames(trainer);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onChange(resolveClientName(String(data.get("userFilter") ?? ""), names));
      }}
    >
      <HStack gap="2" wrap="wrap">
        <Input
          name="userFilter"
          defaultValue={value}
          key={value}
          placeholder="Filter by name"
          aria-label="Filter by name"
          size="lg"
          maxW="20rem"
          list="client-names"
          autoComplete="off"
        />
        <datalist id="client-names">
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Button type="submit" variant="outline" size="lg">
          Filter
        </Button>
        {value !== "" && (
          <Button variant="ghost" size="lg" onClick={() => onChange("")}>
            Clear
          </Button>
        )}
      </HStack>
    </form>
  );
}
