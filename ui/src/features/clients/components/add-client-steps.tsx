import { List, Text } from "@chakra-ui/react";

const steps = [
  "Enter your client's e-mail address and send the request.",
  "Your client receives an e-mail telling them about your request.",
  "They accept it in their Trainer area. Someone new to Gymlog signs up free with that address first.",
  "Once they accept, you see their plans, workouts and progress from your Clients list.",
];

/** AddClientSteps explains how adding a client works, in four steps. */
export function AddClientSteps() {
  return (
    <>
      <Text fontWeight="semibold">How it works</Text>
      <List.Root as="ol" ps="5" gap="2">
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List.Root>
    </>
  );
}
