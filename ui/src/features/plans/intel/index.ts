// Training Intel's public surface: the plan exercise forms mount the card.
export { TrainingIntelCard } from "./training-intel-card";
export { intelKeys, trainingIntelQueryOptions, useTrainingIntel } from "./get-training-intel";
export type { ClientIntel, IntelBest, IntelSession, IntelSet, TrainingIntel } from "./types";
