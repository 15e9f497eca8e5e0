// The server derives a new set's id from the Idempotency-Key of the call that logs it
// (eventstore.DeriveID; docs/ARCHITECTURE.md, "Offline"), so a set logged on the device while
// offline gets, here, the id the server will give it: later changes to it can name it before it
// is synced, and nothing needs renaming when it is.

// eventstore/ids.go's idNamespace.
const namespace = "1b0e3a40-4bd3-4c3e-9a52-6a3f0c2a7d11";

/** The route of each way to log a set, as the server names the operation a key belongs to. */
export const logSetRoutes = {
  strength: "POST /api/exercise_logs/add",
  cardio: "POST /api/exercise_logs/add-cardio",
} as const;

/** deriveId is eventstore.DeriveID: a name-based (SHA-1) UUID of the parts, each prefixed by its length in bytes. */
export async function deriveId(...parts: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const name = parts.map((part) => `${encoder.encode(part).length}:${part}`).join("");
  const bytes = new Uint8Array([...uuidBytes(namespace), ...encoder.encode(name)]);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes)).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = [...hash].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** newSetId is the id the server gives a set logged in workoutId by a call with this Idempotency-Key. */
export async function newSetId(workoutId: string, kind: keyof typeof logSetRoutes, key: string): Promise<string> {
  const command = await deriveId("command", logSetRoutes[kind], key);
  return deriveId("set", workoutId, command);
}

function uuidBytes(uuid: string): number[] {
  return uuid
    .replaceAll("-", "")
    .match(/../g)!
    .map((pair) => parseInt(pair, 16));
}
