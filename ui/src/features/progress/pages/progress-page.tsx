import { Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { isRefusedFilter, UnknownClient } from "@/components/ui/unknown-client";
import { usePersonalBests, useUserProgress } from "../api/get-metrics";
import { MetricPane } from "../components/metric-pane";
import { ProgressHeading } from "../components/progress-heading";
import { useUserFilter } from "../components/use-user-filter";

/** ProgressPage shows the Personal Bests and Size & Weight panes: how each value moved since it was first logged. */
export function ProgressPage() {
  const user = useUserFilter();
  const personalBests = usePersonalBests(user);
  const sizeAndWeight = useUserProgress(user);
  return (
    <Stack gap="5">
      <ProgressHeading title="Progress" other={{ label: "Charts", to: "/progress/charts" }} />
      {isRefusedFilter(personalBests.error, user) ? (
        <UnknownClient name={user ?? ""} />
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <Pane title="Personal Bests">
            <MetricPane query={personalBests} emptyText="No PBs to show" />
          </Pane>
          <Pane title="Size & Weight">
            <MetricPane query={sizeAndWeight} emptyText="No changes to show" />
          </Pane>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Pane({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-label={title} gap="3" minW="0">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
