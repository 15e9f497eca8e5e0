import { Alert, Button, HStack, Link } from "@chakra-ui/react";
import { useState } from "react";
import { FaCopy, FaWhatsapp } from "react-icons/fa6";
import { messagingLink } from "../model/share";

/** ShareBanner offers to send the finished workout's text by a messaging app, or to copy it. */
export function ShareBanner({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      console.error("Copying the share text failed", error);
    }
  };
  return (
    <Alert.Root status="success" role="region" aria-label="Share your workout">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>Share your workout</Alert.Title>
        <Alert.Description data-testid="share-text">{text}</Alert.Description>
        <HStack gap="2" wrap="wrap">
          <Button asChild colorPalette="green" size="lg">
            <Link href={messagingLink(text)} target="_blank" rel="noopener noreferrer">
              <FaWhatsapp aria-hidden /> Send
            </Link>
          </Button>
          <Button variant="outline" size="lg" onClick={() => void copy()}>
            <FaCopy aria-hidden /> {copied ? "Copied" : "Copy"}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
