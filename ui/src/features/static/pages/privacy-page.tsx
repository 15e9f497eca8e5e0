import { List, Text } from "@chakra-ui/react";
import { AppLink } from "@/components/ui/link";
import { DocumentPage, DocumentSection } from "../components/document-page";

/** PrivacyPage is the Privacy Policy: what is kept, why, and how it is erased. */
export function PrivacyPage() {
  return (
    <DocumentPage title="Privacy Policy" subtitle="Effective 4th January 2024">
      <DocumentSection title="What we keep">
        <List.Root ps="5">
          <List.Item>Your name, e-mail address and the profile details you choose to give.</List.Item>
          <List.Item>Your workouts, plans, weight and size logs.</List.Item>
          <List.Item>For trainers, the payment provider's subscription id (never card details).</List.Item>
        </List.Root>
      </DocumentSection>
      <DocumentSection title="Cookies">
        <Text>
          We use one session cookie to keep you signed in. It is needed for the service to work and
          is not used for tracking or advertising.
        </Text>
      </DocumentSection>
      <DocumentSection title="Who sees your data">
        <Text>
          Only you, and a personal trainer you have accepted as your trainer. We do not sell or share
          your data.
        </Text>
      </DocumentSection>
      <DocumentSection title="Erasure">
        <Text>
          Closing your account deletes your personal data and workout logs and cancels any active
          subscription.
        </Text>
      </DocumentSection>
      <Text>
        Questions about your data? See the <AppLink to="/contact">contact page</AppLink>.
      </Text>
    </DocumentPage>
  );
}
