import { vi } from "vitest";

/** MockResponse is what a mocked endpoint answers. */
export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Headers beside Content-Type (the service worker's X-Gymlog-Copy). */
  headers?: Record<string, string>;
}

/** RecordedRequest is one request the app sent, with its decoded JSON body. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Handler = MockResponse | ((request: RecordedRequest) => MockResponse | Promise<MockResponse>);

/**
 * mockApi replaces fetch (the network boundary) with a table of answers keyed "METHOD path"
 * (path with its query). Unknown requests answer 404. It returns the requests sent so far.
 */
export function mockApi(routes: Record<string, Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? "GET";
      const text = typeof init?.body === "string" ? init.body : undefined;
      const request: RecordedRequest = {
        method,
        url,
        headers: new Headers(init?.headers),
        body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(request);
      const handler = routes[`${method} ${url}`];
      const answer = typeof handler === "function" ? await handler(request) : (handler ?? { status: 404, body: notFound });
      const status = answer.status ?? 200;
      const body = answer.body === undefined ? null : JSON.stringify(answer.body);
      return new Response(status === 204 ? null : body, {
        status,
        headers: { "Content-Type": "application/ld+json", ...answer.headers },
      });
    }),
  );
  return requests;
}

const notFound = { "@type": "hydra:Error", "hydra:title": "An error occurred", "hydra:description": "Not Found" };

/** violations builds a 422 ConstraintViolationList answer. */
export function violations(...items: [propertyPath: string, message: string][]): MockResponse {
  return {
    status: 422,
    body: {
      "@type": "ConstraintViolationList",
      "hydra:title": "An error occurred",
      "hydra:description": items.map(([path, message]) => `${path}: ${message}`).join("\n"),
      violations: items.map(([propertyPath, message]) => ({ propertyPath, message })),
    },
  };
}
