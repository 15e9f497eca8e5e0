/** One server-side validation failure, as the API's ConstraintViolationList reports it. */
export interface Violation {
  propertyPath: string;
  message: string;
}

/**
 * ApiError is the one error the API client throws. `status` is 0 when no response arrived at
 * all; `title` is null when the response carried no hydra title.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string | null;
  readonly description: string | null;
  readonly violations: Violation[];

  constructor(status: number, title: string | null, description: string | null, violations: Violation[]) {
    super(description ?? title ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.title = title;
    this.description = description;
    this.violations = violations;
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Waits before each retry of a mutation that got no answer; one retry per entry. */
  retryDelaysMs?: readonly number[];
  /**
   * The mutation's Idempotency-Key, when the caller must know it (a change queued on the device
   * is sent again with its key, and a new set's id derives from it); otherwise one is chosen.
   */
  idempotencyKey?: string;
  /**
   * Takes only the server's own answer: the service worker's copy (vite.config.ts: it answers
   * when the network failed, marked X-Gymlog-Copy) is taken as no answer, an ApiError of status 0.
   */
  fromServer?: boolean;
}

const defaultRetryDelaysMs = [400, 1500] as const;
const retryableStatuses = new Set([502, 503, 504]);

/**
 * apiFetch sends a JSON request to the API and returns the decoded answer, or throws ApiError.
 * Every mutation carries an Idempotency-Key chosen once per call: when the network drops the
 * request (or a gateway answers 502-504) it is sent again with the same key, so the server acts
 * at most once.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? "GET";
  const isMutation = method !== "GET";
  const headers: Record<string, string> = { Accept: "application/ld+json, application/json" };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (isMutation) headers["Idempotency-Key"] = request.idempotencyKey ?? crypto.randomUUID();
  const init: RequestInit = {
    method,
    headers,
    credentials: "same-origin",
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  };

  const retryDelays = isMutation ? (request.retryDelaysMs ?? defaultRetryDelaysMs) : [];
  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < retryDelays.length;
    let response: Response;
    try {
      response = await fetch(path, init);
    } catch (cause) {
      if (request.signal?.aborted) throw cause;
      if (canRetry) {
        await sleep(retryDelays[attempt] ?? 0);
        continue;
      }
      throw new ApiError(0, null, null, []);
    }
    if (canRetry && retryableStatuses.has(response.status)) {
      await sleep(retryDelays[attempt] ?? 0);
      continue;
    }
    if (request.fromServer && response.headers.has("X-Gymlog-Copy")) throw new ApiError(0, null, null, []);
    const body = await readBody(response);
    if (!response.ok) throw toApiError(response.status, body);
    return body as T;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(status, null, null, []);
  const title = stringField(body, "hydra:title") ?? stringField(body, "title");
  const description = stringField(body, "hydra:description") ?? stringField(body, "detail");
  const violations = Array.isArray(body.violations) ? body.violations.filter(isViolation) : [];
  return new ApiError(status, title, description, violations);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringField(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === "string" && value !== "" ? value : null;
}

function isViolation(value: unknown): value is Violation {
  return isRecord(value) && typeof value.propertyPath === "string" && typeof value.message === "string";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
