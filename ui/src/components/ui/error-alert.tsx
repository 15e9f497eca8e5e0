import { Alert, List } from "@chakra-ui/react";

interface ErrorAlertProps {
  message: string;
  details?: readonly string[];
}

/** ErrorAlert shows a failed call's general message, with any messages that have no field. */
export function ErrorAlert({ message, details = [] }: ErrorAlertProps) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {details.length > 0 && (
          <Alert.Description>
            <List.Root ps="4">
              {details.map((detail) => (
                <List.Item key={detail}>{detail}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
