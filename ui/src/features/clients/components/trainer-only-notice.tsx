import { Alert } from "@chakra-ui/react";
import { AppLink } from "@/components/ui/link";

/** TrainerOnlyNotice tells a user without a Personal Trainer account that only trainers add clients. */
export function TrainerOnlyNotice() {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          Only Personal Trainers can add clients. <AppLink to="/profile/user/upgrade">Upgrade</AppLink> to coach
          clients.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
