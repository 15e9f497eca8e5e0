/** ImportFormat is how the server reads a file: "auto" tells it from the file. */
export type ImportFormat = "auto" | "strong" | "hevy" | "ndjson";

/** ImportRequest is a file to import, as POST /api/imports/preview and /api/imports take it. */
export interface ImportRequest {
  content: string;
  format: ImportFormat;
  /** The unit of a Strong file's weights; "" is the user's own. */
  unit: "" | "kg" | "lbs";
  /** The person's choices of what the file's exercise names become, by the name as the file writes it. */
  exercises?: Record<string, string>;
  /** The muscle groups (ids) chosen for the file's names that become the person's own exercises. */
  muscleGroups?: Record<string, number[]>;
}

/** ImportNote is a line of the file (from 1; 0 for the file as a whole) left out or changed, and why. */
export interface ImportNote {
  line: number;
  reason: string;
}

/** PreviewWorkout is one workout a preview lists. */
export interface PreviewWorkout {
  line: number;
  date: string;
  startTime: string;
  finishTime: string;
  name: string;
  sets: number;
  /** Whether the account holds this workout already: the import leaves it as it is. */
  inAccount: boolean;
}

/** PreviewExercise is one exercise name of a file and the exercise its sets are logged as. */
export interface PreviewExercise {
  /** As the file writes it. */
  name: string;
  /** The exercise its sets are logged as. */
  as: string;
  /** Whether `as` is a catalogue exercise (false: the person's own). */
  catalogue: boolean;
  line: number;
  sets: number;
  /** Whether `as` is the person's choice. */
  chosen?: boolean;
  /** The muscle groups chosen for `as`, an exercise of the person's own. */
  muscleGroups?: number[];
}

/** ImportPreview is what an import of a file would add, and what it would leave out or change. */
export interface ImportPreview {
  format: "strong" | "hevy" | "ndjson";
  workouts: number;
  sets: number;
  weights: number;
  sizes: number;
  from: string;
  to: string;
  items: PreviewWorkout[];
  /** How many of the file's workouts the account holds already. */
  inAccount: number;
  /** The file's exercise names, in the order they first appear (none for a Gymlog NDJSON file). */
  exercises: PreviewExercise[];
  skipped: ImportNote[];
  skippedCount: number;
  adjusted: ImportNote[];
  adjustedCount: number;
}

/** ImportResult is what an import added, what an earlier import had added already, and what failed. */
export interface ImportResult {
  workouts: number;
  sets: number;
  weights: number;
  sizes: number;
  alreadyImported: number;
  failed: ImportNote[];
}

/** ImportJob is an import running on the server, as the page polls it. */
export interface ImportJob {
  id: string;
  status: "running" | "done" | "failed";
  done: number;
  total: number;
  result: ImportResult | null;
  error?: string;
}
