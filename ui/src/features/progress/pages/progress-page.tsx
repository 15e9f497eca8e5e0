import { Stack, Tabs } from "@chakra-ui/react";
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
      <Tabs.Root defaultValue="personal-bests" variant="line" colorPalette="brand" fitted>
        <Tabs.List>
          <Tabs.Trigger value="personal-bests" minH="12">
            Personal Bests
          </Tabs.Trigger>
          <Tabs.Trigger value="size-and-weight" minH="12">
            Size &amp; Weight
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="personal-bests">
          <MetricPane query={personalBests} emptyText="No PBs to show" />
        </Tabs.Content>
        <Tabs.Content value="size-and-weight">
          <MetricPane query={sizeAndWeight} emptyText="No changes to show" />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
