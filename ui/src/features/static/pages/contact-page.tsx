import { Link, Text } from "@chakra-ui/react";
import { DocumentPage, DocumentSection } from "../components/document-page";
import { supportEmail } from "../components/support-email";

/** ContactPage tells the user how to reach support: e-mail, a reply within 48 hours, the hours. */
export function ContactPage() {
  return (
    <DocumentPage title="Contact">
      <DocumentSection title="E-mail support">
        <Text>
          E-mail us at{" "}
          <Link href={`mailto:${supportEmail}`} colorPalette="brand" color="colorPalette.fg">
            {supportEmail}
          </Link>
          . We aim to reply within 48 hours.
        </Text>
      </DocumentSection>
      <DocumentSection title="Business hours">
        <Text>Monday to Friday 9:00 to 17:00 GMT.</Text>
      </DocumentSection>
    </DocumentPage>
  );
}
