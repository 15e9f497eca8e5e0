import { Text } from "@chakra-ui/react";
import { AppLink } from "@/components/ui/link";
import { DocumentPage, DocumentSection } from "../components/document-page";

/** TermsPage is the Terms of Service: effective 4th January 2024, governed by UK law. */
export function TermsPage() {
  return (
    <DocumentPage title="Terms of Service" subtitle="Effective 4th January 2024">
      <DocumentSection title="The service">
        <Text>
          Gymlog is a website for logging gym workouts. It is free for personal use. Personal trainers
          pay a flat GBP 10 per month to link clients, share plans and follow their clients' progress;
          clients of a trainer use it free.
        </Text>
      </DocumentSection>
      <DocumentSection title="Your account">
        <Text>
          You are responsible for keeping your password secret and for what is done with your
          account. Give true details when you sign up and keep your e-mail address up to date.
        </Text>
      </DocumentSection>
      <DocumentSection title="Subscriptions">
        <Text>
          A trainer subscription is paid monthly through our payment provider and can be cancelled
          there at any time; it then ends at the close of the period already paid.
        </Text>
      </DocumentSection>
      <DocumentSection title="Closing your account">
        <Text>
          You may close your account at any time from your profile. Your personal data and workout
          logs are deleted and active subscriptions are cancelled. This is final.
        </Text>
      </DocumentSection>
      <DocumentSection title="Your health">
        <Text>
          Gymlog gives no medical advice. Calorie and meal suggestions are estimates; speak to a
          professional before you change your diet or training.
        </Text>
      </DocumentSection>
      <DocumentSection title="Governing law">
        <Text>These terms are governed by UK law, and the courts of the UK have jurisdiction.</Text>
      </DocumentSection>
      <Text>
        Questions? See the <AppLink to="/contact">contact page</AppLink> and the{" "}
        <AppLink to="/privacy">Privacy Policy</AppLink>.
      </Text>
    </DocumentPage>
  );
}
