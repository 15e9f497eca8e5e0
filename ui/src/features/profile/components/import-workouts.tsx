import { Button, Card, Heading, HStack, Input, NativeSelect, Progress, Stack, Text } from "@chakra-ui/react";
import { useState, type ChangeEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormField } from "@/components/ui/form-field";
import type { User } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { useImportJob } from "../api/get-import-job";
import type { ImportFormat, ImportJob, ImportPreview, ImportRequest } from "../api/import-types";
import { usePreviewImport } from "../api/preview-import";
import { useStartImport } from "../api/start-import";
import { storedImportChoices, storedMuscleGroupChoices, withChoice, withMuscleGroups } from "../model/import-choices";
import { ImportPreviewTable } from "./import-preview-table";

/** The largest file the server imports at once. */
export const maxImportBytes = 8 * 1024 * 1024;
const tooLarge = "The file is too large: at most 8 MB can be imported at once.";

/**
 * ImportWorkouts imports a Strong or Hevy CSV export, or a Gymlog NDJSON export: the file is
 * previewed first (what it adds, each exercise and what it becomes — which the person may change,
 * remembered for the next import — and each line it skips or changes, with why), then imported
 * on confirmation, its progress followed until the result.
 */
export function ImportWorkouts({ user }: { user: User }) {
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [format, setFormat] = useState<ImportFormat>("auto");
  const [unit, setUnit] = useState<ImportRequest["unit"]>("");
  const [jobId, setJobId] = useState<string | null>(null);
  const [choices, setChoices] = useState(storedImportChoices);
  const [groups, setGroups] = useState(storedMuscleGroupChoices);
  // The last preview stays shown while a changed choice is previewed again.
  const [shown, setShown] = useState<ImportPreview | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
  const job = useImportJob(jobId);

  const request = (exercises = choices, muscleGroups = groups): ImportRequest | null =>
    file
      ? {
          content: file.content,
          format,
          unit,
          ...(Object.keys(exercises).length > 0 && { exercises }),
          ...(Object.keys(muscleGroups).length > 0 && { muscleGroups }),
        }
      : null;
  const reset = () => {
    preview.reset();
    setShown(null);
    start.reset();
    setJobId(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    reset();
    setFile(null);
    setFileError(null);
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > maxImportBytes) {
      setFileError(tooLarge);
      return;
    }
    setFile({ name: chosen.name, content: await chosen.text() });
  };

  const onPreview = () => {
    const r = request();
    if (r) preview.mutate(r, { onSuccess: setShown });
  };
  const onChoose = (name: string, as: string) => {
    const next = withChoice(choices, name, as);
    setChoices(next);
    const r = request(next);
    if (r) preview.mutate(r, { onSuccess: setShown });
  };
  const onChooseGroups = (name: string, ids: number[]) => {
    const next = withMuscleGroups(groups, name, ids);
    setGroups(next);
    const r = request(choices, next);
    if (r) preview.mutate(r, { onSuccess: setShown });
  };
  const onImport = () => {
    const r = request();
    if (r) start.mutate(r, { onSuccess: (started) => setJobId(started.id) });
  };

  const failure = preview.isError ? describeError(preview.error) : start.isError ? describeError(start.error) : null;
  const contentError = fileError ?? failure?.fieldErrors.content;
  const running = start.isPending || job.data?.status === "running";

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          Import workouts
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text color="fg.muted">
            Bring your history from Strong or Hevy (their CSV export), or from a Gymlog download. You see what will be
            added before anything is; importing the same file again adds nothing.
          </Text>
          <FormField label="File" error={contentError}>
            <Input type="file" accept=".csv,.ndjson,.jsonl,.txt,text/csv" onChange={(event) => void onFile(event)} p="1" />
          </FormField>
          <Stack direction={{ base: "column", sm: "row" }} gap="4">
            <SelectField
              label="Format"
              error={failure?.fieldErrors.format}
              value={format}
              choices={[
                ["auto", "Tell from the file"],
                ["strong", "Strong CSV"],
                ["hevy", "Hevy CSV"],
                ["ndjson", "Gymlog NDJSON"],
              ]}
              onChange={(value) => {
                reset();
                setFormat(value as ImportFormat);
              }}
            />
            <SelectField
              label="Weights in a Strong file"
              helperText="Strong writes weights without their unit."
              error={failure?.fieldErrors.unit}
              value={unit}
              choices={[
                ["", `${user.unit} (your unit)`],
                ["kg", "kg"],
                ["lbs", "lbs"],
              ]}
              onChange={(value) => {
                reset();
                setUnit(value as ImportRequest["unit"]);
              }}
            />
          </Stack>
          {failure && !contentError && <ErrorAlert message={failure.message} details={Object.values(failure.fieldErrors)} />}
          <HStack gap="3" wrap="wrap">
            <Button size="lg" variant="outline" onClick={onPreview} disabled={!file || running} loading={preview.isPending}>
              Preview
            </Button>
            {shown && shown.workouts + shown.weights + shown.sizes > 0 && !jobId && (
              <Button size="lg" colorPalette="brand" onClick={onImport} loading={start.isPending} disabled={preview.isPending}>
                Import
              </Button>
            )}
          </HStack>
          {shown && <ImportPreviewTable preview={shown} onChoose={jobId ? undefined : onChoose} onChooseGroups={jobId ? undefined : onChooseGroups} />}
          {job.data && <ImportProgress job={job.data} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

interface SelectFieldProps {
  label: string;
  helperText?: string;
  error: string | undefined;
  value: string;
  /** The options as [value, text]. */
  choices: [string, string][];
  onChange: (value: string) => void;
}

/** SelectField is a labelled choice of the import's options. */
function SelectField({ label, helperText, error, value, choices, onChange }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} helperText={helperText}>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {choices.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** ImportProgress shows how far an import has got, then what it did. */
function ImportProgress({ job }: { job: ImportJob }) {
  if (job.status === "failed") return <ErrorAlert message={job.error ?? "The import stopped."} />;
  if (job.status === "running" || !job.result) {
    return (
      <Stack gap="1">
        <Progress.Root value={job.total > 0 ? (100 * job.done) / job.total : null} colorPalette="brand" aria-label="Import progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text role="status">
          Importing: {job.done} of {job.total} done.
        </Text>
      </Stack>
    );
  }
  const r = job.result;
  return (
    <Stack gap="1" role="status">
      <Text color="fg.success" fontWeight="semibold">
        Imported {r.workouts} workouts, {r.sets} sets, {r.weights} weights and {r.sizes} sizes.
      </Text>
      {r.alreadyImported > 0 && <Text>{r.alreadyImported} were imported before and are left as they are.</Text>}
      {r.failed.map((note) => (
        <Text key={`${note.line}-${note.reason}`} color="fg.error">
          Line {note.line}: {note.reason}
        </Text>
      ))}
    </Stack>
  );
}
