/** AverageDuration is the mean duration of the finished workouts, in whole minutes; null with none. */
export interface AverageDuration {
  averageDuration: number | null;
}

/** AverageWeekCount is the workouts a week, to 1 decimal; null with none. */
export interface AverageWeekCount {
  averageWeekCount: number | null;
}

/** DaysSinceLast is how many of the user's days have passed since the latest workout; null with none. */
export interface DaysSinceLast {
  daysSinceLast: number | null;
  lastWorkoutDate: string | null;
}

/** MuscleGroupChartData is the muscle-group chart's tuple: group names, sets of each, the user's name. */
export type MuscleGroupChartData = [labels: string[], values: number[], name: string];

/** PersonalBest is an exercise's current best set, as GET /api/exercise_logs/pbs lists it. */
export interface PersonalBest {
  name: string;
  /** null for a bodyweight exercise, whose best counts reps. */
  weight: number | null;
  reps: number | null;
  unit: string;
  date: string;
  set: string;
  change: "up";
  /** This best minus the one before it (reps for bodyweight); null for the first. */
  difference: number | null;
}
