import { Button, Card, Heading, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import type { User } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { useSetTimeZone } from "../api/set-time-zone";
import { browserTimeZone } from "./browser-time-zone";

// Every IANA zone the browser knows, with the user's and the device's even if it knows neither.
function zoneChoices(current: string, device: string): string[] {
  return [...new Set([current, device, ...Intl.supportedValuesOf("timeZone")])].sort();
}

/**
 * TimeZoneForm shows the time zone the user's days are counted in ("days since last workout",
 * workouts a week, daily durations) and lets the user choose another.
 */
export function TimeZoneForm({ user }: { user: User }) {
  const device = browserTimeZone();
  // Until the user picks one, the form shows the stored zone, which may still change (the
  // device's zone is set for a new user while this page is open).
  const [choice, setChoice] = useState<string | null>(null);
  const zone = choice ?? user.timeZone;
  const save = useSetTimeZone();
  const failure = save.isError ? describeError(save.error) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(zone);
  };

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          Time Zone
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label="Time Zone">
          <Stack gap="4">
            <FormField
              label="Time zone"
              error={failure ? (failure.fieldErrors.timeZone ?? failure.message) : undefined}
              helperText={`Your days and weeks on the dashboard are counted in this zone. This device: ${device}.`}
            >
              <NativeSelect.Root size="lg">
                <NativeSelect.Field value={zone} onChange={(event) => setChoice(event.target.value)}>
                  {zoneChoices(user.timeZone, device).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Button type="submit" colorPalette="brand" size="lg" alignSelf="start" loading={save.isPending} disabled={zone === user.timeZone}>
              Save time zone
            </Button>
            {save.isSuccess && zone === user.timeZone && (
              <Text role="status" color="fg.success">
                Time zone saved.
              </Text>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
