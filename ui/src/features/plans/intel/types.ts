/** IntelSet is one set of a past workout, its weight in the user's unit. */
export interface IntelSet {
  setNumber: number;
  weight: number | null;
  weightUnit?: string;
  reps: number | null;
  rpe: number | null;
  done: boolean;
  distance?: number | null;
  unit?: string | null;
  minutes?: number | null;
  seconds?: number | null;
}

/** IntelSession is one past workout's sets of the exercise. */
export interface IntelSession {
  workoutId: string;
  date: string;
  sets: IntelSet[];
}

/** IntelBest is the personal best of the exercise. */
export interface IntelBest {
  weight: number | null;
  weightUnit?: string;
  reps: number | null;
  date: string;
}

/** ClientIntel is a trainer's snapshot of one client's performance of the exercise. */
export interface ClientIntel {
  clientDisplayName: string;
  sessions: IntelSession[];
  best: IntelBest | null;
}

/** TrainingIntel is GET /api/plan_exercises/intel?name=: the user's last workouts with the exercise. */
export interface TrainingIntel {
  exercise: string;
  sessions: IntelSession[];
  best: IntelBest | null;
  /** Per-client snapshots for trainers; empty until trainers have clients. */
  clients: ClientIntel[];
}
