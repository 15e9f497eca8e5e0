import { Badge, Box, Card, DataList, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { AvatarIcon } from "@/components/ui/avatar-icon";
import { AppLink, LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useUser, type User } from "@/features/account";
import { formatDate } from "@/lib/format";
import { DownloadMyData } from "../components/download-my-data";
import { ImportWorkouts } from "../components/import-workouts";
import { TimeZoneForm } from "../components/time-zone-form";

/** ProfileViewPage is the profile summary, with a link to edit it and to the account's settings. */
export function ProfileViewPage() {
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return (
    <Stack gap="6" maxW="2xl" mx="auto">
      <HStack gap="4">
        <Box fontSize="4xl" color="brand.solid">
          <AvatarIcon icon={user.icon} />
        </Box>
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            {user.displayName || `${user.firstName} ${user.surname}`}
          </Heading>
          <Text color="fg.muted">{user.email}</Text>
        </Stack>
      </HStack>

      <Card.Root variant="outline">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Heading as="h2" size="lg">
              Your Details
            </Heading>
            <LinkButton to="/profile/user/edit" colorPalette="brand" size="lg">
              Edit
            </LinkButton>
          </HStack>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" aria-label="Your Details">
            <Item label="First name" value={user.firstName} />
            <Item label="Surname" value={user.surname} />
            <Item label="Display name" value={user.displayName} />
            <Item label="Gender" value={user.gender} />
            <Item label="Date of birth" value={user.dateOfBirth && formatDate(user.dateOfBirth)} />
            <Item label="Age" value={user.age} />
            <Item label="Height" value={user.height === null ? null : `${user.height} cm`} />
            <Item label="Unit" value={user.unit} />
            <Item label="Dashboard chart" value={user.dashboardChart} />
          </DataList.Root>
        </Card.Body>
      </Card.Root>

      <TimeZoneForm user={user} />

      <DownloadMyData />
      <ImportWorkouts user={user} />

      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h2" size="lg">
            Account
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <DataList.Root orientation="horizontal" aria-label="Account">
              <BadgeItem label="Email verified" on={user.isVerified} onText="Yes" offText="No" />
              <BadgeItem label="Account type" on={user.trainer} onText="Upgraded" offText="Standard" />
              {user.trainersClient && <BadgeItem label="Client of a trainer" on onText="Yes" offText="No" />}
            </DataList.Root>
            <AccountLinks user={user} />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function Item({ label, value }: { label: string; value: string | number | null }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === null || value === "" ? "–" : value}</DataList.ItemValue>
    </DataList.Item>
  );
}

function BadgeItem({ label, on, onText, offText }: { label: string; on: boolean; onText: string; offText: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        <Badge colorPalette={on ? "green" : "gray"} variant="solid">
          {on ? onText : offText}
        </Badge>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function AccountLinks({ user }: { user: User }) {
  return (
    <Stack gap="1" as="nav" aria-label="Account settings">
      <AppLink to="/profile/user/upgrade" py="2">
        {user.trainer ? "Your Personal Trainer subscription" : "Upgrade to Personal Trainer"}
      </AppLink>
      <AppLink to="/change-password" py="2">
        Change password
      </AppLink>
      <AppLink to="/change-email" py="2">
        Change email
      </AppLink>
      <AppLink to="/profile/user/close-account" py="2" color="fg.error">
        Close account
      </AppLink>
    </Stack>
  );
}
