import { Button, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { usePlan } from "../api/get-plan";
import { useClientsWithoutPlan, useSetPlanTarget, useSharePlan } from "../api/share-plan";
import { usePlanId } from "../model/use-plan-id";

/**
 * PlanSharePage is /plan/share/:id: a dropdown of the clients who do not have the plan yet, and
 * Share; then the plan's weekly target, which its clients' compliance counts against.
 */
export function PlanSharePage() {
  const id = usePlanId();
  const navigate = useNavigate();
  const plan = usePlan(id);
  const clients = useClientsWithoutPlan(id);
  const share = useSharePlan(id);
  const [clientId, setClientId] = useState("");
  const [missing, setMissing] = useState<string | undefined>();

  if (plan.isPending || clients.isPending) return <PageSpinner />;
  if (plan.isError) return <ErrorAlert message={describeError(plan.error).message} />;
  const fieldError = missing ?? describeError(share.error).fieldErrors.clientId;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (clientId === "") {
      setMissing("Please choose a client.");
      return;
    }
    setMissing(undefined);
    share.mutate(clientId, { onSuccess: () => void navigate("/plan") });
  };

  return (
    <Stack gap="5">
    <FormCard title={`Share ${plan.data.name}`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {share.isError && <ErrorAlert message={describeError(share.error).message} />}
          {clients.isError ? (
            <ErrorAlert message={describeError(clients.error).message} />
          ) : (
            clients.data.length === 0 && <Text color="fg.muted">All your clients have this plan, or you have no confirmed clients yet.</Text>
          )}
          <FormField label="Client" error={fieldError}>
            <NativeSelect.Root size="lg" disabled={!clients.data || clients.data.length === 0}>
              <NativeSelect.Field value={clientId} onChange={(event) => setClientId(event.currentTarget.value)}>
                <option value="">Choose a client</option>
                {(clients.data ?? []).map((client) => (
                  <option key={client.clientId} value={client.clientId}>
                    {client.clientDisplayName}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <Stack direction="row" gap="3">
            <LinkButton to="/plan" variant="outline" size="lg" flex="1">
              Cancel
            </LinkButton>
            <Button type="submit" colorPalette="brand" size="lg" flex="1" loading={share.isPending} disabled={!clients.data?.length}>
              Share
            </Button>
          </Stack>
        </Stack>
      </form>
    </FormCard>
    <WeeklyTarget planId={id} current={plan.data.timesAWeek ?? 0} />
    </Stack>
  );
}

/** WeeklyTarget sets how many times a week the plan is meant to be done (0: none), as typed. */
function WeeklyTarget({ planId, current }: { planId: string; current: number }) {
  const target = useSetPlanTarget(planId);
  const [times, setTimes] = useState(String(current));
  const [saved, setSaved] = useState<string | null>(null);
  const fieldError = describeError(target.error).fieldErrors.timesAWeek;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    target.mutate(times, { onSuccess: () => setSaved(times.trim() === "0" ? "No weekly target." : `Saved: ${times.trim()} times a week.`) });
  };
  return (
    <FormCard title="Weekly target">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Text color="fg.muted">How many times a week clients are meant to do this plan. Their compliance counts the workouts they start from it.</Text>
          {target.isError && fieldError === undefined && <ErrorAlert message={describeError(target.error).message} />}
          <FormField label="Times a week" error={fieldError} helperText="A whole number from 0 (no target) to 14.">
            <Input size="lg" inputMode="numeric" value={times} onChange={(event) => setTimes(event.currentTarget.value)} />
          </FormField>
          {saved && (
            <Text role="status" color="green.fg">
              {saved}
            </Text>
          )}
          <Button type="submit" colorPalette="brand" size="lg" alignSelf="start" loading={target.isPending}>
            Save target
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
