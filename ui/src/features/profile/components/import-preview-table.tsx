import { Badge, Button, Heading, HStack, Input, List, Stack, Table, Text, Wrap } from "@chakra-ui/react";
import { useId, useState, type FormEvent } from "react";
import { useExercises, useMuscleGroups } from "@/features/workouts";
import { formatDate } from "@/lib/format";
import type { ImportNote, ImportPreview, PreviewExercise } from "../api/import-types";

const formatNames = { strong: "Strong CSV", hevy: "Hevy CSV", ndjson: "Gymlog NDJSON" } as const;

/** The most workouts the preview table lists; the counts above it cover them all. */
export const previewRows = 100;

/**
 * ImportPreviewTable shows what an import would add, and each line it would skip or change, with
 * why. With onChoose, each of the file's exercises can be changed to another (a catalogue
 * exercise, or a name of the person's own); with onChooseGroups, one of the person's own can be
 * given its muscle groups.
 */
export function ImportPreviewTable({
  preview,
  onChoose,
  onChooseGroups,
}: {
  preview: ImportPreview;
  onChoose?: (name: string, as: string) => void;
  onChooseGroups?: (name: string, ids: number[]) => void;
}) {
  const body = [
    preview.weights > 0 ? `${preview.weights} weights` : null,
    preview.sizes > 0 ? `${preview.sizes} sizes` : null,
  ].filter((part) => part !== null);
  return (
    <Stack gap="4" aria-label="Import preview" role="region">
      <Text fontWeight="semibold">
        {formatNames[preview.format]}: {preview.workouts} workouts, {preview.sets} sets
        {body.length > 0 && `, ${body.join(", ")}`}
        {preview.from && ` from ${formatDate(preview.from)} to ${formatDate(preview.to)}`}.
      </Text>
      {preview.inAccount > 0 && <Text>{inAccountText(preview.inAccount, preview.workouts)}</Text>}
      {preview.items.length > 0 && (
        <Table.Root size="sm" aria-label="Workouts to import">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: "none", md: "table-cell" }}>Time</Table.ColumnHeader>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Sets</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.items.slice(0, previewRows).map((w) => (
              <Table.Row key={`${w.line}-${w.date}-${w.startTime}`}>
                <Table.Cell whiteSpace="nowrap">{formatDate(w.date)}</Table.Cell>
                <Table.Cell display={{ base: "none", md: "table-cell" }}>
                  {w.startTime}–{w.finishTime}
                </Table.Cell>
                <Table.Cell wordBreak="break-word">
                  {w.name || "Workout"}
                  {w.inAccount && (
                    <Badge ms="2" colorPalette="gray" variant="subtle">
                      In your account
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{w.sets}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {preview.items.length > previewRows && <Text color="fg.muted">… and {preview.items.length - previewRows} more workouts.</Text>}
      <Exercises exercises={preview.exercises} onChoose={onChoose} onChooseGroups={onChooseGroups} />
      <Notes title="Skipped" notes={preview.skipped} count={preview.skippedCount} />
      <Notes title="Changed" notes={preview.adjusted} count={preview.adjustedCount} />
    </Stack>
  );
}

/** inAccountText says how many of a file's `total` workouts the account holds already (n > 0). */
export function inAccountText(n: number, total: number): string {
  if (n === 1) return "1 of these workouts is in your account already: it is left as it is.";
  return `${n === total ? "All" : n} of these workouts are in your account already: they are left as they are.`;
}

/** exerciseText says what a file's exercise name becomes. */
export function exerciseText(x: PreviewExercise): string {
  const sets = x.sets === 1 ? "1 set" : `${x.sets} sets`;
  if (!x.catalogue && x.as !== x.name) return `${x.name} → ${x.as}: your own exercise (${sets})`;
  if (!x.catalogue) return `${x.name}: your own exercise (${sets})`;
  if (x.as === x.name) return `${x.name} (${sets})`;
  return `${x.name} → ${x.as} (${sets})`;
}

function Exercises({
  exercises,
  onChoose,
  onChooseGroups,
}: {
  exercises: PreviewExercise[];
  onChoose: ((name: string, as: string) => void) | undefined;
  onChooseGroups: ((name: string, ids: number[]) => void) | undefined;
}) {
  const listId = useId();
  const catalogue = useExercises();
  if (exercises.length === 0) return null;
  return (
    <Stack gap="1" role="region" aria-label="Exercises">
      <Heading as="h3" size="sm">
        Exercises ({exercises.length})
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Names of the catalogue's exercises are logged as the catalogue names them, so their bests and charts meet
        yours; other names become your own exercises.{onChoose && " Change any of them before importing: your choices are kept for your next import."}
      </Text>
      {onChoose && (
        <datalist id={listId}>
          {(catalogue.data ?? []).map((e) => (
            <option key={e.name} value={e.name} />
          ))}
        </datalist>
      )}
      <List.Root ps="4" fontSize="sm" gap="1">
        {exercises.map((x) => (
          <List.Item key={x.name} wordBreak="break-word">
            {onChoose ? <ExerciseChoice x={x} listId={listId} onChoose={onChoose} /> : exerciseText(x)}
            {!x.catalogue && onChooseGroups && <MuscleGroupChoice x={x} onChoose={onChooseGroups} />}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/** ExerciseChoice is one of the file's exercises, with Change to log it as another. */
function ExerciseChoice({ x, listId, onChoose }: { x: PreviewExercise; listId: string; onChoose: (name: string, as: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [as, setAs] = useState(x.as);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setEditing(false);
    onChoose(x.name, as.trim());
  };
  if (!editing) {
    return (
      <HStack gap="2" wrap="wrap">
        <Text as="span">{exerciseText(x)}</Text>
        <Button size="xs" variant="outline" aria-label={`Change ${x.name}`} onClick={() => setEditing(true)}>
          Change
        </Button>
      </HStack>
    );
  }
  return (
    <form onSubmit={onSubmit}>
      <HStack gap="2" wrap="wrap">
        <Text as="span">{x.name} →</Text>
        <Input
          size="sm"
          maxW="16rem"
          aria-label={`Import ${x.name} as`}
          list={listId}
          value={as}
          onChange={(event) => setAs(event.currentTarget.value)}
          autoFocus
        />
        <Button size="xs" type="submit" colorPalette="brand">
          Use
        </Button>
      </HStack>
    </form>
  );
}

/**
 * MuscleGroupChoice names the muscle groups chosen for one of the person's own exercises, with
 * a button to choose them: the muscle chart counts the exercise's sets from the first import.
 */
function MuscleGroupChoice({ x, onChoose }: { x: PreviewExercise; onChoose: (name: string, ids: number[]) => void }) {
  const groups = useMuscleGroups();
  const [editing, setEditing] = useState(false);
  const [ids, setIds] = useState<number[]>(x.muscleGroups ?? []);
  const names = (groups.data ?? []).filter((g) => (x.muscleGroups ?? []).includes(g.id)).map((g) => g.name);
  if (!editing) {
    return (
      <HStack gap="2" wrap="wrap" ps="4">
        <Text as="span" color="fg.muted">
          Muscle groups: {names.length > 0 ? names.join(", ") : "none chosen"}
        </Text>
        <Button size="xs" variant="outline" aria-label={`Muscle groups of ${x.as}`} onClick={() => setEditing(true)}>
          Choose
        </Button>
      </HStack>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setEditing(false);
    onChoose(x.name, ids);
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack as="fieldset" gap="2" ps="4">
        <Text as="legend">Muscle groups of {x.as}</Text>
        <Wrap gap="3">
          {(groups.data ?? []).map((g) => (
            <label key={g.id}>
              <input
                type="checkbox"
                checked={ids.includes(g.id)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setIds((now) => (on ? [...now, g.id] : now.filter((id) => id !== g.id)));
                }}
              />{" "}
              {g.name}
            </label>
          ))}
        </Wrap>
        <Button size="xs" type="submit" colorPalette="brand" alignSelf="start">
          Use
        </Button>
      </Stack>
    </form>
  );
}

function Notes({ title, notes, count }: { title: string; notes: ImportNote[]; count: number }) {
  if (count === 0) return null;
  return (
    <Stack gap="1" role="region" aria-label={title}>
      <Heading as="h3" size="sm">
        {title} ({count})
      </Heading>
      <List.Root ps="4" fontSize="sm">
        {notes.map((note, i) => (
          <List.Item key={`${note.line}-${i}`}>{note.line > 0 ? `Line ${note.line}: ${note.reason}` : note.reason}</List.Item>
        ))}
      </List.Root>
      {count > notes.length && <Text color="fg.muted">… and {count - notes.length} more.</Text>}
    </Stack>
  );
}
