import { List } from "@chakra-ui/react";

/** TrainerBenefits lists what a Personal Trainer subscription adds. */
export function TrainerBenefits() {
  return (
    <List.Root ps="5" gap="2" aria-label="Personal Trainer benefits">
      <List.Item>Link clients: your clients sign up free and you add them via the Clients tab.</List.Item>
      <List.Item>Share plans with one or more clients.</List.Item>
      <List.Item>View your clients' progress in the Workouts and Progress tabs.</List.Item>
    </List.Root>
  );
}
