import type { LoggedSet } from "../api/types";

/** ExerciseGroup is one exercise of a workout with its sets, in the order first logged. */
export interface ExerciseGroup {
  exercise: string;
  cardio: boolean;
  sets: LoggedSet[];
}

/** groupByExercise makes one group per exercise, in the order each was first logged. */
export function groupByExercise(sets: readonly LoggedSet[]): ExerciseGroup[] {
  const groups = new Map<string, ExerciseGroup>();
  for (const set of sets) {
    const group = groups.get(set.exercise) ?? { exercise: set.exercise, cardio: set.isCardio, sets: [] };
    group.sets.push(set);
    groups.set(set.exercise, group);
  }
  return [...groups.values()];
}

/**
 * circuitRounds groups the Nth strength set of every exercise together (round N), for a
 * workout done as a circuit. Cardio stays out: it has no weight or reps to line up.
 */
export function circuitRounds(sets: readonly LoggedSet[]): LoggedSet[][] {
  const rounds: LoggedSet[][] = [];
  for (const group of groupByExercise(sets.filter((set) => !set.isCardio))) {
    group.sets.forEach((set, index) => {
      (rounds[index] ??= []).push(set);
    });
  }
  return rounds;
}

/** firstUndoneId is the set whose Done column offers the RPE dropdown: the first not done. */
export function firstUndoneId(sets: readonly LoggedSet[]): string | null {
  return sets.find((set) => !set.done)?.id ?? null;
}
